import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import { drawnGiveaway } from '@/test/giveaway-fixtures';
import { GiveawaysPanel } from './giveaways-panel';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let giveaways: Giveaway[];
let calls: { method: string; url: string; body: unknown }[];
let noChat: boolean;

beforeEach(() => {
  calls = [];
  giveaways = [];
  noChat = false;
  toastMock.mockReset();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/admin/giveaways' && method === 'GET') return json(200, { giveaways });
    if (method === 'POST' && url === '/api/admin/giveaways' && noChat) {
      return json(409, {
        ok: false,
        code: 'NO_CHAT_CONNECTED',
        error: 'No chat is connected, so nobody could enter: connect the Kick (or Twitch) channel first, or start a test giveaway from the Test chat.',
      });
    }
    if (method === 'POST' && url === '/api/admin/giveaways') return json(201, { giveaway: { ...drawnGiveaway(), number: 7, keyword: '!win' } });
    if (method === 'POST') return json(200, { giveaway: giveaways[0] });
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <GiveawaysPanel />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Chat giveaways panel', () => {
  it('validates, then starts a giveaway with the prize, keyword, time, winners, who may enter and the announced subscriber luck', async () => {
    const u = renderPanel();
    const form = await screen.findByRole('form', { name: 'Start a giveaway' });
    const winners = within(form).getByLabelText('Winners');
    await u.clear(winners);
    await u.type(winners, '0');
    await u.click(within(form).getByRole('button', { name: 'Start giveaway' }));
    expect(await within(form).findByText('At least 1 winner')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await u.clear(winners);
    await u.type(winners, '3');
    const keyword = within(form).getByLabelText('Keyword');
    await u.clear(keyword);
    await u.type(keyword, '!win');
    await u.selectOptions(within(form).getByLabelText('Who may enter'), 'anyone');
    await u.selectOptions(within(form).getByLabelText('Subscriber luck'), '3');
    expect(within(form).getByText("Announced: subscribers' entries count ×3")).toBeTruthy();
    await u.click(within(form).getByRole('button', { name: 'Start giveaway' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Giveaway #7 started', description: 'Type !win in chat to enter.' }));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      prize: '500 points',
      prizePoints: 500,
      keyword: '!win',
      durationSeconds: 120,
      winners: 3,
      entryMode: 'anyone',
      subscriberLuck: 3,
      test: false,
    });
  });

  it('says why in a dialog when no chat is connected, with the ways on (connect, or a test giveaway from the Test chat)', async () => {
    noChat = true;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>
          <GiveawaysPanel />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const u = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Start a giveaway' });
    await u.click(within(form).getByRole('button', { name: 'Start giveaway' }));
    const dialog = await screen.findByRole('dialog', { name: 'No chat is connected' });
    expect(within(dialog).getByText(/connect the Kick \(or Twitch\) channel first/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open the Test chat' }).getAttribute('href')).toBe('/admin/stream/test-chat');
    expect(within(dialog).getByRole('link', { name: 'Connect a channel' }).getAttribute('href')).toBe('/admin/stream/connection');
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('offers Close entries on an open giveaway, Redraw only after the claim time, and Mark fulfilled on a text prize', async () => {
    const drawn = drawnGiveaway();
    const open: Giveaway = {
      ...drawn,
      id: 'g2',
      number: 2,
      status: 'Open',
      closesAt: new Date(Date.now() + 60_000).toISOString(),
      closedAt: null,
      drawnAt: null,
      winnerList: [],
    };
    const pastClaim = new Date(Date.now() - 1000).toISOString();
    const futureClaim = new Date(Date.now() + 3_600_000).toISOString();
    const text: Giveaway = {
      ...drawn,
      id: 'g3',
      number: 3,
      prize: 'A shirt',
      prizePoints: null,
      winners: 3,
      winnerList: [
        { id: 'a', entrantId: 'KICK-1', username: 'late (Kick, not linked)', position: 1, round: 0, status: 'unclaimed', claimBy: pastClaim },
        { id: 'b', entrantId: 'KICK-2', username: 'soon (Kick, not linked)', position: 2, round: 0, status: 'unclaimed', claimBy: futureClaim },
        { id: 'c', entrantId: 'RH-X', username: 'member (Kick: m)', position: 3, round: 0, status: 'awaiting_fulfilment', claimBy: null },
      ],
    };
    giveaways = [open, text];
    const u = renderPanel();
    const list = await screen.findByRole('list', { name: 'Giveaways' });
    await u.click(within(list).getByRole('button', { name: 'Close entries' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Close entries now?' });
    await u.click(within(confirm).getByRole('button', { name: 'Close entries' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/giveaways/g2/close')).toBe(true));

    const winners = screen.getByRole('list', { name: 'Winners of giveaway #3' });
    const [late, soon] = within(winners).getAllByRole('button', { name: 'Redraw' }) as HTMLButtonElement[];
    expect(late!.disabled).toBe(false);
    expect(soon!.disabled).toBe(true);
    await u.click(within(winners).getByRole('button', { name: 'Mark fulfilled' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/giveaways/g3/winners/c/fulfil')).toBe(true));
    await u.click(late!);
    await u.click(within(await screen.findByRole('alertdialog', { name: 'Redraw this winner?' })).getByRole('button', { name: 'Redraw' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/giveaways/g3/winners/a/redraw')).toBe(true));
  });
});
