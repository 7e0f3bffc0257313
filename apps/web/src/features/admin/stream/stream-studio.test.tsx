import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BotFeature } from '@app/shared/api/admin';
import type { StreamStatus } from '@app/shared/api/stream';
import type { ChatPlatformStatus } from '@app/shared/api/chat-platforms';
import type { StreamSetup } from '@app/shared/api/stream-setup';
import { DISCONNECTED_STREAM } from '@/test/stream-fixtures';
import { BotSwitches } from '../settings/bot-switches';
import { StreamScreen } from './stream-screen';
import { STREAM_TABS } from './stream-tabs';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));
// The other tabs' panels have tests of their own; here they only mark which tab is open.
vi.mock('./stream-commands', () => ({ StreamCommands: () => <p>commands panel</p> }));
vi.mock('./timers-panel', () => ({ TimersPanel: () => <p>timers panel</p> }));
vi.mock('./giveaways-panel', () => ({ GiveawaysPanel: () => <p>giveaways panel</p> }));
vi.mock('./moderation-panel', () => ({ ModerationPanel: () => <p>moderation panel</p> }));
vi.mock('./deal-or-no-deal-panel', () => ({ DealOrNoDealPanel: () => <p>dealornodeal panel</p> }));
vi.mock('./test-chat-panel', () => ({ TestChatPanel: () => <p>test-chat panel</p> }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const WARNING =
  'APP_ORIGIN (http://localhost:3000) points at this machine: Kick cannot deliver events there, so chat, follows and subscriptions never arrive. Use a public HTTPS address, or a tunnel (e.g. cloudflared or ngrok) and its https:// address, as APP_ORIGIN.';

function setupOf(originWarning: string | null): StreamSetup {
  return {
    kick: {
      redirectUrl: 'http://localhost:3000/api/integrations/kick/callback',
      webhookUrl: 'http://localhost:3000/api/integrations/kick/webhook',
      scopes: ['user:read', 'chat:write', 'events:subscribe'],
      developerSettingsUrl: 'https://kick.com/settings/developer',
      variables: [
        { name: 'KICK_CLIENT_ID', isSet: false, isRequired: true, hint: "Your Kick app's Client ID." },
        { name: 'KICK_CLIENT_SECRET', isSet: false, isRequired: true, hint: "Your Kick app's Client Secret." },
        { name: 'KICK_PUBLIC_KEY', isSet: false, isRequired: false, hint: 'Optional.' },
      ],
      originWarning,
    },
    twitch: {
      redirectUrl: 'http://localhost:3000/api/integrations/twitch/callback',
      webhookUrl: 'http://localhost:3000/api/integrations/twitch/eventsub',
      scopes: ['user:read:chat', 'moderator:read:chatters'],
      developerSettingsUrl: 'https://dev.twitch.tv/console/apps',
      variables: [
        { name: 'TWITCH_CLIENT_ID', isSet: false, isRequired: true, hint: "Your Twitch application's Client ID." },
        { name: 'TWITCH_CLIENT_SECRET', isSet: true, isRequired: true, hint: "Your Twitch application's Client Secret." },
        { name: 'TWITCH_EVENTSUB_SECRET', isSet: false, isRequired: true, hint: 'A secret of your choice.' },
      ],
      originWarning: originWarning && originWarning.replace('Kick cannot', 'Twitch cannot'),
    },
  };
}

const twitchCard = (fields: Partial<ChatPlatformStatus>): ChatPlatformStatus => ({
  platform: 'twitch',
  configured: true,
  connected: false,
  channel: null,
  isLive: false,
  lastEventAt: null,
  subscriptions: [],
  needsReconnect: false,
  reconnectReason: null,
  ...fields,
});

const moderationFeature: BotFeature = { id: 'moderation', name: 'Chat moderation', status: true, description: 'Blocked words and links', updatedAt: null };

let status: StreamStatus;
let setup: StreamSetup;
let calls: string[];

beforeEach(() => {
  toastMock.mockReset();
  calls = [];
  status = DISCONNECTED_STREAM;
  setup = setupOf(WARNING);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/api/admin/stream') return json(200, status);
    if (url === '/api/admin/stream/setup') return json(200, setup);
    if (url === '/api/admin/bot-features') return json(200, { features: [moderationFeature, { ...moderationFeature, id: 'points', name: 'Stream points' }] });
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/stream/*', element: <StreamScreen /> }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('Stream screen tabs', () => {
  it('/admin/stream opens the connection tab, keeping the OAuth callback’s ?connected=1 for its message', async () => {
    const { router } = renderAt('/admin/stream?connected=1');
    expect(await screen.findByRole('tab', { name: 'Connection', selected: true })).toBeTruthy();
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Kick channel connected' }));
    expect(router.state.location.pathname).toBe('/admin/stream/connection');
  });

  it.each(STREAM_TABS.filter((t) => t.slug !== 'connection' && t.slug !== 'points'))(
    '/admin/stream/$slug opens the $label tab and only its panel',
    async ({ slug, label }) => {
      renderAt(`/admin/stream/${slug}`);
      expect(await screen.findByRole('tab', { name: label, selected: true })).toBeTruthy();
      expect(screen.getByRole('tabpanel').textContent).toContain(`${slug} panel`);
      expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
    },
  );

  it('the points tab holds the stream points rules', async () => {
    renderAt('/admin/stream/points');
    expect(await screen.findByRole('button', { name: 'Save rules' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Kick channel' })).toBeNull();
  });

  it('keyboard: the arrow keys move between tabs without opening them; Enter opens one at its URL', async () => {
    const { router, user } = renderAt('/admin/stream/connection');
    const list = await screen.findByRole('tablist', { name: 'Stream sections' });
    await user.click(within(list).getByRole('tab', { name: 'Connection' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(within(list).getByRole('tab', { name: 'Points' }));
    expect(router.state.location.pathname).toBe('/admin/stream/connection');
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/stream/commands'));
    expect(await screen.findByText('commands panel')).toBeTruthy();
    expect(within(list).getByRole('tab', { name: 'Commands' }).getAttribute('aria-selected')).toBe('true');
  });

  it('an unknown tab goes to the connection tab', async () => {
    const { router } = renderAt('/admin/stream/nonsense');
    expect(await screen.findByRole('tab', { name: 'Connection', selected: true })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/stream/connection');
  });

  it('the moderation tab has the moderation switch (the Overview’s switch), saying it does nothing without a channel', async () => {
    renderAt('/admin/stream/moderation');
    const toggle = await screen.findByRole('switch', { name: 'Chat moderation' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText(/On · no channel connected/)).toBeTruthy();
    // Only the moderation switch, not the other bot features.
    expect(screen.queryByRole('switch', { name: 'Stream points' })).toBeNull();
  });
});

describe('Kick setup card', () => {
  it('before Kick is configured: the URLs with Copy, the scopes, the developer settings link, the variables and the warning', async () => {
    status = { ...DISCONNECTED_STREAM, configured: false, missing: ['KICK_CLIENT_ID', 'KICK_CLIENT_SECRET'] };
    const { user } = renderAt('/admin/stream/connection');
    const redirect = (await screen.findByLabelText('Redirect URL')) as HTMLInputElement;
    expect(redirect.value).toBe('http://localhost:3000/api/integrations/kick/callback');
    expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe('http://localhost:3000/api/integrations/kick/webhook');
    const scopes = screen.getByRole('list', { name: 'Scopes to tick' });
    expect(
      within(scopes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['user:read', 'chat:write', 'events:subscribe']);
    expect(screen.getByRole('link', { name: /Kick's developer settings/ }).getAttribute('href')).toBe('https://kick.com/settings/developer');
    expect(screen.getByText('KICK_CLIENT_ID')).toBeTruthy();
    expect(screen.getByText('KICK_PUBLIC_KEY')).toBeTruthy();
    expect(screen.getAllByText('Missing')).toHaveLength(2);
    expect(screen.getByText('Optional')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(WARNING);
    expect(screen.queryByRole('button', { name: 'Connect Kick channel' })).toBeNull();

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy the Webhook URL' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/api/integrations/kick/webhook');
    expect(toastMock).toHaveBeenCalledWith({ title: 'Copied the Webhook URL' });
  });

  it('configured: Connect, the warning for a local APP_ORIGIN on the card, and the setup values folded away', async () => {
    renderAt('/admin/stream/connection');
    expect(await screen.findByRole('button', { name: 'Connect Kick channel' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Kick cannot deliver events there');
    expect(screen.getByText(/Kick app settings/)).toBeTruthy();
    // The stream's overlays, each as the absolute address a browser source needs, with Copy and Open.
    expect(screen.getByLabelText('Alerts overlay URL')).toHaveProperty('value', `${window.location.origin}/overlay/alerts`);
    expect(screen.getByRole('link', { name: 'Open the Giveaway overlay in a new tab' }).getAttribute('href')).toBe(
      `${window.location.origin}/overlay/giveaway`,
    );
    expect(screen.getByRole('button', { name: 'Copy the Leaderboard overlay URL' })).toBeTruthy();
  });

  it('Twitch before it is configured: its Redirect URL with Copy, where EventSub delivers, the scopes, the variables and the warning', async () => {
    status = { ...DISCONNECTED_STREAM, platforms: [twitchCard({ configured: false })] } as StreamStatus;
    renderAt('/admin/stream/connection');
    const copy = await screen.findByRole('button', { name: 'Copy the Twitch Redirect URL' });
    expect(screen.getByLabelText('Twitch Redirect URL')).toHaveProperty('value', 'http://localhost:3000/api/integrations/twitch/callback');
    expect(screen.getByText('http://localhost:3000/api/integrations/twitch/eventsub')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Scopes asked for' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['user:read:chat', 'moderator:read:chatters']);
    expect(screen.getByRole('link', { name: /Twitch's developer console/ }).getAttribute('href')).toBe('https://dev.twitch.tv/console/apps');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Twitch cannot deliver events there')]),
    );
    expect(copy).toBeTruthy();
  });

  it('Twitch configured but not connected: Connect, with the warning for a local APP_ORIGIN on its card', async () => {
    status = { ...DISCONNECTED_STREAM, platforms: [twitchCard({})] } as StreamStatus;
    renderAt('/admin/stream/connection');
    expect(await screen.findByRole('button', { name: 'Connect Twitch channel' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
        expect.arrayContaining([expect.stringContaining('Twitch cannot deliver events there')]),
      ),
    );
    expect(screen.queryByLabelText('Twitch Redirect URL')).toBeNull();
  });

  it('no warning when APP_ORIGIN is a public https address', async () => {
    setup = setupOf(null);
    renderAt('/admin/stream/connection');
    expect(await screen.findByRole('button', { name: 'Connect Kick channel' })).toBeTruthy();
    await waitFor(() => expect(calls).toContain('GET /api/admin/stream/setup'));
    await screen.findByText(/Kick app settings/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Bot Status switches', () => {
  function renderSwitches(isChatConnected: boolean | undefined, isOn = true) {
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <BotSwitches features={[{ ...moderationFeature, status: isOn }]} isChatConnected={isChatConnected} />
      </QueryClientProvider>,
    );
  }
  it('a switch that is on with no channel connected reads "On · no channel connected", not Active', () => {
    renderSwitches(false);
    expect(screen.getByText('Blocked words and links · On · no channel connected')).toBeTruthy();
    expect(screen.queryByText(/Active/)).toBeNull();
  });
  it('on with a channel connected reads Active; off reads Inactive', () => {
    renderSwitches(true);
    expect(screen.getByText('Blocked words and links · Active')).toBeTruthy();
  });
  it('off reads Inactive whether or not a channel is connected', () => {
    renderSwitches(false, false);
    expect(screen.getByText('Blocked words and links · Inactive')).toBeTruthy();
  });
});
