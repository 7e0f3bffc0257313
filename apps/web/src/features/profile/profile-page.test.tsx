import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@app/shared/api/profile';
import type { KickLinkState } from '@app/shared/api/stream';
import type { Session } from '@/lib/session';
import { testSession } from '@/test/session-user';
import ProfilePage from './profile-page';
import { initials } from './profile-sidebar';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

let kickLink: KickLinkState = { request: null, linked: null };

const baseProfile: Profile = {
  id: 'u1',
  uid: 'UID-7F3A-21',
  username: 'cool_cat',
  email: 'cool@example.test',
  emailVerified: true,
  isAdmin: false,
  points: 2500,
  createdAt: '2026-11-01T00:00:00.000Z',
  xp: 2500,
  vipTier: 'Bronze',
  totalWagered: 2500.4,
  level: 3,
  levelName: 'Bronze 3',
  levelProgress: 12.5,
  membership: { memberSinceFormatted: 'November 1, 2026', daysActive: 21 },
  profilePartners: [{ partner: 'Partner A', username: 'cat_a' }],
  crypto: { btc: 'bc1-old', eth: '', usdt: '', sol: '' },
  casinoAccounts: [],
  socialAccounts: [],
  historyData: [],
  stats: { totalPointsEarned: 2500, totalBonusesRedeemed: 0, challengesCompleted: 0, rafflesEntered: 0, currentRank: 'Bronze 3' },
};

const PASSWORD = 'my-current-pass';

let profile: Profile;
let patches: unknown[];
let links: unknown[];
let patchStatus: number;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  profile = structuredClone(baseProfile);
  patches = [];
  links = [];
  patchStatus = 200;
  toastMock.mockReset();
  session.current = testSession({ user: profile });
  kickLink = { request: null, linked: null };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/api/profile' && (init.method ?? 'GET') === 'GET') return json(200, { profile });
    if (url === '/api/profile/kick-link' && (init.method ?? 'GET') === 'GET') return json(200, kickLink);
    if (url === '/api/profile/kick-link/confirm' && init.method === 'POST') {
      kickLink = { request: null, linked: { kickUsername: kickLink.request!.kickUsername, kickUserId: '4242' } };
      return json(200, kickLink);
    }
    if (url === '/api/casino-accounts' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { platform: string; username: string };
      links.push(body);
      if (body.username === 'someone_elses') {
        return json(409, {
          ok: false,
          error: 'This username is already verified for another account. Contact support if it is yours.',
          code: 'CASINO_USERNAME_TAKEN',
        });
      }
      const account = {
        id: `a${links.length}`,
        partnerId: 'p1' as const,
        platform: body.platform,
        username: body.username,
        state: 'pending' as const,
        connected: false,
        earns: true,
        warning: null,
        totalWager: 0,
        monthlyWager: 0,
        prevMonthlyWager: 0,
        avgMonthlyWager: 0,
        avgWeeklyWager: 0,
        createdAt: '2026-11-22T00:00:00.000Z',
      };
      profile = { ...profile, casinoAccounts: [...profile.casinoAccounts, account] };
      return json(201, { account });
    }
    if (url === '/api/profile/complete' && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { partners: Profile['profilePartners']; crypto: Profile['crypto']; currentPassword?: string };
      patches.push(body);
      // As the server: changing or removing a saved address needs the current password.
      const moves = (['btc', 'eth', 'usdt', 'sol'] as const).some((c) => profile.crypto[c] !== '' && (body.crypto[c] ?? '') !== profile.crypto[c]);
      if (body.currentPassword !== undefined && body.currentPassword !== PASSWORD) {
        return json(403, { ok: false, error: 'The current password is not right.', code: 'CURRENT_PASSWORD_REQUIRED' });
      }
      if (moves && body.currentPassword === undefined) {
        return json(403, { ok: false, error: 'Enter your current password to change or remove a saved payout address.', code: 'CURRENT_PASSWORD_REQUIRED' });
      }
      if (patchStatus !== 200) return json(patchStatus, { ok: false, error: 'Database unavailable', code: 'INTERNAL' });
      profile = { ...profile, profilePartners: body.partners, crypto: { ...profile.crypto, ...body.crypto } };
      return json(200, { profile });
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <ProfilePage /> }], { initialEntries: ['/profile'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

async function choose(u: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  combobox.focus();
  await u.keyboard('{Enter}');
  await u.click(await screen.findByRole('option', { name: option }));
}

describe('profile page', () => {
  it('shows the sidebar from GET /api/profile and copies the User UID', async () => {
    const { user: u } = renderPage();
    // After userEvent.setup(), which installs its own clipboard.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const sidebar = await screen.findByRole('complementary', { name: 'Your account' });
    expect(within(sidebar).getByRole('heading', { name: 'cool_cat' })).toBeTruthy();
    expect(within(sidebar).getByText('CC')).toBeTruthy();
    expect(within(sidebar).getByText('Level 3 · Bronze 3')).toBeTruthy();
    expect(within(sidebar).getByText('2,500 points')).toBeTruthy();
    expect(within(sidebar).getByText('November 1, 2026')).toBeTruthy();
    expect(within(sidebar).getByText('21')).toBeTruthy();
    expect(within(sidebar).getByRole('progressbar', { name: 'Progress to the next level' })).toBeTruthy();
    expect(within(sidebar).getByRole('heading', { name: 'Quick Stats' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Casino Accounts', 'History', 'Settings']);

    await u.click(within(sidebar).getByRole('button', { name: 'Copy User UID' }));
    expect(writeText).toHaveBeenCalledWith('UID-7F3A-21');
    expect(toastMock).toHaveBeenCalledWith({ title: 'User UID Copied' });
  });

  it('Sign Out goes to / and ends the session', async () => {
    const { user: u, router } = renderPage();
    const sidebar = await screen.findByRole('complementary', { name: 'Your account' });
    await u.click(within(sidebar).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(session.current.logout).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('adds a casino account with the §5 rules through POST /api/casino-accounts, pending until verified', async () => {
    const { user: u } = renderPage();
    await u.click(await screen.findByRole('tab', { name: 'Casino Accounts' }));
    expect(screen.getByText('No casino accounts added yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add casino account' });
    await u.click(within(form).getByRole('button', { name: 'Add Account' }));
    expect(await within(form).findByText('Please enter both platform and username')).toBeTruthy();

    await choose(u, within(form).getByRole('combobox', { name: 'Platform' }), 'Duelbits');
    expect(within(form).getByText("This casino is not in our affiliate book. You won't earn points from your wagering.")).toBeTruthy();
    await choose(u, within(form).getByRole('combobox', { name: 'Platform' }), 'Stake');
    expect(within(form).queryByText(/not in our affiliate book/)).toBeNull();
    await u.type(within(form).getByLabelText('Username'), 'someone_elses');
    await u.click(within(form).getByRole('button', { name: 'Add Account' }));
    expect(await within(form).findByText('This username is already verified for another account. Contact support if it is yours.')).toBeTruthy();

    await u.clear(within(form).getByLabelText('Username'));
    await u.type(within(form).getByLabelText('Username'), 'cat_on_stake');
    await u.click(within(form).getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Username Added' }));
    expect(links).toEqual([
      { platform: 'Stake', username: 'someone_elses' },
      { platform: 'Stake', username: 'cat_on_stake' },
    ]);
    expect(patches).toEqual([]);
    const item = await screen.findByRole('listitem', { name: 'Stake cat_on_stake' });
    expect(within(item).getByText('Pending verification')).toBeTruthy();
    // One username per platform.
    await choose(u, within(form).getByRole('combobox', { name: 'Platform' }), 'Stake');
    expect(within(form).getByText('A username cannot be changed without contacting support.')).toBeTruthy();
  });

  it("offers the spec's platforms (spec 1 §5: Stake, Roobet, Rollbit, Duelbits) and warns only for the one that does not earn", async () => {
    const { user: u } = renderPage();
    await u.click(await screen.findByRole('tab', { name: 'Casino Accounts' }));
    const form = screen.getByRole('form', { name: 'Add casino account' });
    const platform = within(form).getByRole('combobox', { name: 'Platform' });
    platform.focus();
    await u.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Stake', 'Roobet', 'Rollbit', 'Duelbits']);
    await u.keyboard('{Escape}');
    for (const partner of ['Stake', 'Rollbit']) {
      await choose(u, platform, partner);
      expect(platform.textContent).toBe(partner);
      expect(within(form).queryByText(/not in our affiliate book/)).toBeNull();
    }
    await choose(u, platform, 'Duelbits');
    expect(within(form).getByRole('status').textContent).toBe("This casino is not in our affiliate book. You won't earn points from your wagering.");
  });

  it('overview (issue 42): says what XP is, lists the linked casino accounts, names a level once, and gives the Kick instruction once', async () => {
    profile = {
      ...profile,
      casinoAccounts: [
        {
          id: 'v1',
          partnerId: 'p1' as const,
          platform: 'Stake',
          username: 'cat_verified',
          state: 'verified',
          connected: true,
          earns: true,
          warning: null,
          createdAt: '2026-11-01T00:00:00.000Z',
          totalWager: 1234.5,
          monthlyWager: 0,
          prevMonthlyWager: 0,
          avgMonthlyWager: 0,
          avgWeeklyWager: 0,
        },
      ],
      historyData: [{ id: 'l6', type: 'level_up', title: 'Reached Silver 2', details: 'Level 6', date: '2026-11-20T00:00:00.000Z', amount: 0, level: 6 }],
    };
    renderPage();
    expect(await screen.findByText(/^2,500 XP\. XP is your lifetime verified wager at partner casinos/)).toBeTruthy();
    expect(screen.queryByText(/count as XP/)).toBeNull();
    expect(screen.getByText('Stake: cat_verified (verified)')).toBeTruthy();
    expect(screen.queryByText(/No casino (usernames|accounts)/)).toBeNull();
    expect(screen.getByText('Level up · Level 6')).toBeTruthy();
    expect(screen.queryByText(/Level 6 · Level 6/)).toBeNull();
    expect(await screen.findAllByText(/then confirm the request/)).toHaveLength(1);
    expect(screen.getByText('Kick: not linked yet (see Kick account above).')).toBeTruthy();
  });

  it("shows a verified account's wagers and a Duelbits link's warning", async () => {
    const base = { partnerId: 'p1' as const, warning: null, earns: true, createdAt: '2026-11-01T00:00:00.000Z' };
    profile = {
      ...profile,
      casinoAccounts: [
        {
          ...base,
          id: 'v1',
          platform: 'Stake',
          username: 'cat_verified',
          state: 'verified',
          connected: true,
          totalWager: 1234.5,
          monthlyWager: 1000,
          prevMonthlyWager: 234.5,
          avgMonthlyWager: 617.25,
          avgWeeklyWager: 308.63,
        },
        {
          ...base,
          id: 'd1',
          partnerId: 'duelbits',
          platform: 'Duelbits',
          username: 'cat_duel',
          state: 'pending',
          connected: false,
          earns: false,
          warning: "This casino is not in our affiliate book. You won't earn points from your wagering.",
          totalWager: 0,
          monthlyWager: 0,
          prevMonthlyWager: 0,
          avgMonthlyWager: 0,
          avgWeeklyWager: 0,
        },
      ],
    };
    const { user: u } = renderPage();
    await u.click(await screen.findByRole('tab', { name: 'Casino Accounts' }));
    const verified = await screen.findByRole('listitem', { name: 'Stake cat_verified' });
    expect(within(verified).getByText('Verified')).toBeTruthy();
    expect(within(verified).getByText('$1,234.5')).toBeTruthy();
    expect(within(verified).getByText('$308.63')).toBeTruthy();
    const duel = screen.getByRole('listitem', { name: 'Duelbits cat_duel' });
    expect(within(duel).getByText(/not in our affiliate book/)).toBeTruthy();
    expect(within(duel).queryByText('Total wager')).toBeNull();
  });

  it('adds and removes crypto addresses', async () => {
    const { user: u } = renderPage();
    await u.click(await screen.findByRole('tab', { name: 'Casino Accounts' }));
    const form = screen.getByRole('form', { name: 'Add crypto address' });
    await u.click(within(form).getByRole('button', { name: 'Add Address' }));
    expect(await within(form).findByText('Please enter an address')).toBeTruthy();
    expect(patches).toHaveLength(0);

    await choose(u, within(form).getByRole('combobox', { name: 'Currency' }), 'SOL');
    await u.type(within(form).getByLabelText('Address'), 'So1anaAddr');
    await u.click(within(form).getByRole('button', { name: 'Add Address' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Address Added' }));
    expect(patches.at(-1)).toMatchObject({ crypto: { btc: 'bc1-old', sol: 'So1anaAddr' } });

    // Removing a saved address asks for the current password first; Cancel changes nothing.
    await u.click(await screen.findByRole('button', { name: 'Remove BTC address' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toHaveLength(1);
    expect(screen.getByText('bc1-old')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Remove BTC address' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    // A wrong password is said in the dialog, which stays open.
    await u.type(within(dialog).getByLabelText('Current password'), 'wrong-one');
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The current password is not right.');
    expect(screen.getByText('bc1-old')).toBeTruthy();
    await u.clear(within(dialog).getByLabelText('Current password'));
    await u.type(within(dialog).getByLabelText('Current password'), PASSWORD);
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Address Removed' }));
    expect(patches.at(-1)).toMatchObject({ crypto: { btc: '', sol: 'So1anaAddr' }, currentPassword: PASSWORD });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('replacing a saved address through Add crypto address asks for the password; a first address does not', async () => {
    const { user: u } = renderPage();
    await u.click(await screen.findByRole('tab', { name: 'Casino Accounts' }));
    const form = screen.getByRole('form', { name: 'Add crypto address' });
    await u.type(within(form).getByLabelText('Address'), 'bc1-new');
    await u.click(within(form).getByRole('button', { name: 'Add Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    expect(patches).toHaveLength(0);
    await u.type(within(dialog).getByLabelText('Current password'), PASSWORD);
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Address Added' }));
    expect(patches).toEqual([expect.objectContaining({ crypto: expect.objectContaining({ btc: 'bc1-new' }), currentPassword: PASSWORD })]);
  });

  it('saves settings with the success toast, and says so when the save fails', async () => {
    const { user: u } = renderPage();
    await u.click(await screen.findByRole('tab', { name: 'Settings' }));
    const eth = await screen.findByLabelText('ETH address');
    await u.type(eth, '0xabc');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Saved — Profile updated successfully.' }));
    expect(patches.at(-1)).toMatchObject({ crypto: { btc: 'bc1-old', eth: '0xabc' } });

    // Changing the now saved ETH address asks for the password; what was typed stays when the save fails.
    patchStatus = 500;
    await u.clear(screen.getByLabelText('ETH address'));
    await u.type(screen.getByLabelText('ETH address'), '0xdef');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await u.type(within(dialog).getByLabelText('Current password'), PASSWORD);
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Save failed — Unable to update profile right now.', variant: 'destructive' }));
    expect(screen.getByLabelText('ETH address')).toHaveProperty('value', '0xdef');
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    vi.stubGlobal('fetch', async () => json(503, { ok: false, error: 'Service unavailable', code: 'UNAVAILABLE' }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Service unavailable')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks "Link Kick account @name?" and links on Confirm', async () => {
    kickLink = { request: { kickUsername: 'KickViewer', kickUserId: '4242', expiresAt: new Date(Date.now() + 14 * 60_000).toISOString() }, linked: null };
    const { user: u } = renderPage();
    const ask = await screen.findByText('Link Kick account @KickViewer?');
    const box = ask.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByText(/expires in 14 minutes/)).toBeTruthy();
    await u.click(within(box).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Kick account linked' }));
    expect(await screen.findByText('Linked to @KickViewer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeTruthy();
  });

  it('takes initials from the username', () => {
    expect(initials('cool_cat')).toBe('CC');
    expect(initials('demo')).toBe('DE');
  });
});
