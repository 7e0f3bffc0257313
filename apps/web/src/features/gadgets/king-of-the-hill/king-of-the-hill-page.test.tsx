import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hill } from '@app/shared/api/king-of-the-hill';
import KingOfTheHillPage from './king-of-the-hill-page';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const NOW = Date.now();
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

function hill(overrides: Partial<Hill> = {}): Hill {
  return {
    period: { id: 'p1', startsAt: iso(-86_400_000), endsAt: iso(2 * 86_400_000 + 90 * 60_000), prizePoints: 5000 },
    king: { username: 'ki***g', multiplier: 250, slot: 'Gates of Olympus', since: iso(-3 * 3_600_000), until: null, heldMs: 3 * 3_600_000 },
    vip: { isVip: true, tier: 'Silver', totalWagered: 6000, requiredWager: 1000 },
    myClaims: [],
    history: [],
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let current: Hill | null;
let claimAnswer: () => Response;
let posted: unknown[];

beforeEach(() => {
  toastMock.mockReset();
  current = hill();
  posted = [];
  claimAnswer = () => json(201, {});
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/api/king-of-the-hill') return current ? json(200, current) : json(500, { ok: false, error: 'Down', code: 'INTERNAL' });
    posted.push(JSON.parse(String(init.body)));
    return claimAnswer();
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <KingOfTheHillPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('King of the Hill page', () => {
  it('shows the king, how long they have held it, the period and the prize', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading the hill');
    const king = await screen.findByRole('region', { name: 'Current king' });
    expect(within(king).getByText('ki***g')).toBeTruthy();
    expect(within(king).getByText('250.00×')).toBeTruthy();
    expect(within(king).getByText('3h 0m')).toBeTruthy();
    const period = screen.getByRole('region', { name: 'This period' });
    expect(within(period).getByText('5,000 points')).toBeTruthy();
    expect(within(period).getByText('2d 1h')).toBeTruthy();
    expect(screen.getByText('No claims yet.')).toBeTruthy();
    expect(screen.getByText('No period has ended yet.')).toBeTruthy();
  });

  it('an empty hill, and a load error with Retry', async () => {
    current = hill({ king: null });
    const { unmount } = renderPage();
    expect(await screen.findByText('The hill is empty: the first verified claim takes it.')).toBeTruthy();
    unmount();
    current = null;
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the hill: Down');
    current = hill();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Current king' })).toBeTruthy();
  });

  it('a member below VIP sees what VIP needs and no claim form', async () => {
    current = hill({ vip: { isVip: false, tier: 'Rookie', totalWagered: 250.5, requiredWager: 1000 } });
    renderPage();
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('$1,000.00 of verified wagers');
    expect(note.textContent).toContain('Rookie with $250.50');
    expect(screen.queryByRole('region', { name: 'Claim the hill' })).toBeNull();
  });

  it('a VIP claims: the multiplier is computed and checked, and the server refusal is shown', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('region', { name: 'Claim the hill' });
    await user.click(within(form).getByRole('button', { name: 'Send claim' }));
    expect(within(form).getByText('Name the slot')).toBeTruthy();
    expect(posted).toHaveLength(0);

    await user.type(within(form).getByLabelText('Slot'), 'Sweet Bonanza');
    await user.type(within(form).getByLabelText('Link to the bet or round'), 'https://stake.com/bet/1');
    await user.type(within(form).getByLabelText('Bet (USD)'), '1');
    await user.type(within(form).getByLabelText('Win (USD)'), '200');
    expect(within(form).getByText('(does not beat the king)', { exact: false })).toBeTruthy();
    claimAnswer = () => json(409, { ok: false, error: "Your win must beat the king's 250.00×.", code: 'KING_NOT_BEATEN' });
    await user.click(within(form).getByRole('button', { name: 'Send claim' }));
    expect((await within(form).findByRole('alert')).textContent).toBe("Your win must beat the king's 250.00×.");
    expect(posted[0]).toEqual({ slot: 'Sweet Bonanza', bet: 1, win: 200, betUrl: 'https://stake.com/bet/1' });

    await user.clear(within(form).getByLabelText('Win (USD)'));
    await user.type(within(form).getByLabelText('Win (USD)'), '300');
    claimAnswer = () => json(201, {});
    await user.click(within(form).getByRole('button', { name: 'Send claim' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Claim sent' })));
  });

  it("lists the member's claims with the decline reason, and past periods", async () => {
    current = hill({
      myClaims: [
        {
          id: 'c1',
          slot: 'Wanted',
          bet: 1,
          win: 100,
          multiplier: 100,
          betUrl: 'https://x.test',
          screenshotUrl: null,
          status: 'declined',
          declineReason: 'Link does not open',
          createdAt: iso(-1000),
          decidedAt: iso(0),
        },
      ],
      history: [
        {
          period: { id: 'p0', startsAt: '2026-05-01T00:00:00.000Z', endsAt: '2026-05-08T00:00:00.000Z', prizePoints: 5000 },
          kings: [
            {
              username: 'ab***c',
              multiplier: 500,
              slot: 'Sugar Rush',
              since: '2026-05-02T00:00:00.000Z',
              until: '2026-05-08T00:00:00.000Z',
              heldMs: 6 * 86_400_000,
            },
          ],
          winner: { username: 'ab***c', prizePoints: 5000 },
        },
      ],
    });
    renderPage();
    const mine = await screen.findByRole('region', { name: 'Your claims this period' });
    expect(within(mine).getByText('Declined')).toBeTruthy();
    expect(within(mine).getByText('Reason: Link does not open')).toBeTruthy();
    const past = screen.getByRole('region', { name: 'Past periods' });
    expect(within(past).getByText('Winner: ab***c, 5,000 points')).toBeTruthy();
    expect(within(past).getByText('ab***c: 500.00× on Sugar Rush, held 6d 0h')).toBeTruthy();
  });
});
