import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { DEAL_OR_NO_DEAL_PRESETS, openingSchedule } from '@app/shared/games/deal-or-no-deal';
import { liveTopics } from '@/lib/live-topics';
import DealOrNoDealGame from './deal-or-no-deal-game';
import DealOrNoDealOverlayPage from './overlay-page';

vi.mock('@/components/ui/sonner', () => ({ toast: vi.fn() }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const values = [...DEAL_OR_NO_DEAL_PRESETS[16]];
/** A round at its first offer: case 7 kept, cases 1 to 5 opened. */
function roundAtOffer(): DealOrNoDealRound {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    roundNumber: 3,
    status: 'playing',
    values,
    total: values.reduce((a, b) => a + b, 0),
    entries: 1,
    entered: true,
    isContestant: true,
    contestant: { uid: 'UID1', username: 'demo' },
    cases: values.map((v, i) => ({ case: i + 1, value: i < 5 ? v : null, opened: i < 5, own: i === 6 })),
    remainingValues: values.slice(5),
    offers: [{ round: 1, amount: 4321, sharePercent: 25, answer: null }],
    stage: 'offer',
    toOpen: 0,
    schedule: openingSchedule(16),
    result: null,
    fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'c0ffee', nonce: 0, serverSeed: null, entrantUids: ['UID1'], entriesDigest: 'd' },
    lastActionAt: '2026-11-26T12:00:00.000Z',
    createdAt: '2026-11-26T11:00:00.000Z',
    finishedAt: null,
  };
}

let round: DealOrNoDealRound | null;
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  round = roundAtOffer();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/dealornodeal' && method === 'GET') return json(200, { round });
    if (url.endsWith('/move') && method === 'POST') {
      round = {
        ...round!,
        status: 'finished',
        stage: 'done',
        offers: [{ ...round!.offers[0]!, answer: 'deal' }],
        result: { outcome: 'deal', prize: 4321, auto: false, finalCase: null, reason: null },
      };
      return json(200, { round });
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderIn(element: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Deal or No Deal page', () => {
  it('shows the contestant the offer; Deal sends the move and shows the result', async () => {
    const user = userEvent.setup();
    renderIn(<DealOrNoDealGame />);
    expect(await screen.findByText('The banker offers 4,321 points.', { selector: 'p.font-semibold' })).toBeTruthy();
    const cases = screen.getByRole('list', { name: 'Cases' });
    expect(within(cases).getByRole('img', { name: 'Case 1: 1 points' })).toBeTruthy();
    expect(within(cases).getByRole('img', { name: 'Case 7 (kept)' })).toBeTruthy();
    // At the offer, the closed cases are not buttons.
    expect(within(cases).queryAllByRole('button')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/move') && (c.body as { action: string }).action === 'deal')).toBe(true));
    expect(await screen.findByText('demo took the deal: 4,321 points.')).toBeTruthy();
    expect(screen.getByText('How the banker makes an offer')).toBeTruthy();
  });

  it('lets the contestant open cases in the open stage', async () => {
    const user = userEvent.setup();
    round = { ...roundAtOffer(), stage: 'open', toOpen: 4, offers: [{ round: 1, amount: 4321, sharePercent: 25, answer: 'no_deal' }] };
    renderIn(<DealOrNoDealGame />);
    expect(await screen.findByText('Open 4 more cases.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Case 9' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ action: 'open', case: 9 }]));
  });

  it('a watcher sees the board without buttons', async () => {
    round = { ...roundAtOffer(), isContestant: false, contestant: { uid: 'UID1', username: 'de***o' } };
    renderIn(<DealOrNoDealGame />);
    expect(await screen.findByText('The banker offers 4,321 points. Deal or No Deal?')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Cases' })).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Deal' })).toBeNull();
  });

  it('says why a round ended with no prize when its contestant was restricted mid-round (page and overlay)', async () => {
    round = { ...roundAtOffer(), status: 'finished', stage: 'done', result: { outcome: 'deal', prize: 0, auto: false, finalCase: null, reason: 'restricted' } };
    const text = 'Round #3 ended with no prize: the contestant is restricted from Deal or No Deal.';
    renderIn(<DealOrNoDealGame />);
    expect(await screen.findByText(text)).toBeTruthy();
    cleanup();
    renderIn(<DealOrNoDealOverlayPage />);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("the overlay names the contestant while the banker's offer waits, and not once it is answered", async () => {
    round = { ...roundAtOffer(), isContestant: false, contestant: { uid: 'UID1', username: 'de***o' } };
    renderIn(<DealOrNoDealOverlayPage />);
    expect(await screen.findByText('de***o, Deal or No Deal?')).toBeTruthy();
    cleanup();
    round = { ...roundAtOffer(), contestant: { uid: 'UID1', username: 'de***o' }, stage: 'open', toOpen: 4 };
    renderIn(<DealOrNoDealOverlayPage />);
    expect(await screen.findByText('de***o opens 4 more cases this round.')).toBeTruthy();
    expect(screen.queryByText(/Deal or No Deal\?$/)).toBeNull();
  });

  it('the overlay shows the same board, read-only', async () => {
    renderIn(<DealOrNoDealOverlayPage />);
    expect(await screen.findByRole('heading', { name: 'Deal or No Deal #3' })).toBeTruthy();
    const cases = screen.getByRole('list', { name: 'Cases' });
    expect(within(cases).getAllByRole('img')).toHaveLength(16);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('Deal or No Deal page between rounds', () => {
  it('shows the board instead of the spec image while a round runs', async () => {
    renderIn(<DealOrNoDealGame />);
    expect(await screen.findByRole('heading', { name: 'Round #3' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Cases' })).toBeTruthy();
    expect(screen.queryByText("Played live with the stream: pick a case, then take the banker's deal or hold out.")).toBeNull();
  });

  it('keeps the image as the empty state and says when the next round is, how to join and that none was played', async () => {
    round = null;
    renderIn(<DealOrNoDealGame />);
    expect(await screen.findByText('No round has been played yet.')).toBeTruthy();
    expect(screen.getByText("Played live with the stream: pick a case, then take the banker's deal or hold out.")).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The next round' })).toBeTruthy();
    expect(screen.getByText(/The next round opens during the stream/)).toBeTruthy();
    expect(screen.getByText(/type !dond in the stream chat/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Cases' })).toBeNull();
  });

  it('after a round: the image, the next round, and the last result with its revealed board', async () => {
    round = {
      ...roundAtOffer(),
      status: 'finished',
      stage: 'done',
      cases: values.map((v, i) => ({ case: i + 1, value: v, opened: i !== 6, own: i === 6 })),
      result: { outcome: 'deal', prize: 4321, auto: false, finalCase: null, reason: null },
    };
    renderIn(<DealOrNoDealGame />);
    expect(await screen.findByRole('heading', { name: 'Last result' })).toBeTruthy();
    expect(screen.getByText('demo took the deal: 4,321 points.')).toBeTruthy();
    expect(screen.getByText("Played live with the stream: pick a case, then take the banker's deal or hold out.")).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Cases' })).getAllByRole('img')).toHaveLength(16);
  });
});

describe('Deal or No Deal and the live channel', () => {
  it("subscribes to the 'dond' topic while open, polls every 2 s without the channel and every 10 s with it, and lets the topic go", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reads = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/dealornodeal').length;
    renderIn(<DealOrNoDealGame />);
    expect(await screen.findByText('The banker offers 4,321 points. Deal or No Deal?')).toBeTruthy();
    expect(liveTopics.get()).toEqual(['race', 'dond']);

    let before = reads();
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(reads() - before).toBeGreaterThanOrEqual(4);

    act(() => liveTopics.setConnected(liveTopics.get()));
    before = reads();
    await act(async () => vi.advanceTimersByTimeAsync(20_000));
    expect(reads() - before).toBeGreaterThanOrEqual(1);
    expect(reads() - before).toBeLessThanOrEqual(2);

    act(() => liveTopics.setConnected(null));
    cleanup();
    expect(liveTopics.get()).toEqual(['race']);
  });
});
