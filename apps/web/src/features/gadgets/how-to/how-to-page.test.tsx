import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HowToProgress } from '@app/shared/api/how-to';
import HowToPage from './how-to-page';

const session = vi.hoisted(() => ({ current: { user: null as { id: string } | null, initializing: false } }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

function progressWith(done: string[], creditedAt: string | null = null): HowToProgress {
  const guides = [
    { id: 'get-started', steps: ['verify-email', 'complete-profile', 'link-casino', 'link-kick'] },
    { id: 'earn-and-spend', steps: ['earn-points', 'redeem-store', 'enter-raffle'] },
    { id: 'check-fair', steps: ['verify-round', 'verify-draw'] },
  ].map((g) => {
    const steps = g.steps.map((id) => ({ id, isDone: done.includes(id) }));
    return { id: g.id, steps, isDone: steps.every((s) => s.isDone) };
  });
  return { guides, bonus: { points: 500, creditedAt } };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let done: string[];
let calls: { method: string; url: string }[];

beforeEach(() => {
  session.current = { user: { id: 'u1' }, initializing: false };
  done = ['verify-email'];
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    const step = /\/api\/how-to\/steps\/(.+)$/.exec(url)?.[1];
    if (method === 'POST' && step) done = [...done, step];
    return json(200, progressWith(done));
  });
});

afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/how-to']}>
        <Routes>
          <Route path="/how-to" element={<HowToPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("Interactive How-To's page", () => {
  it('a visitor reads the guides and is asked to sign in; nothing is fetched', () => {
    session.current = { user: null, initializing: false };
    renderPage();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Step 1: Verify your e-mail' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Show me/ })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows each step's state from the server and the bonus to earn", async () => {
    renderPage();
    const getStarted = await screen.findByRole('region', { name: 'Get started' });
    expect(within(getStarted).getByRole('heading', { name: 'Step 1: Verify your e-mail (done)' })).toBeTruthy();
    expect(within(getStarted).getByRole('heading', { name: 'Step 2: Complete your profile (not done yet)' })).toBeTruthy();
    expect(within(getStarted).getByText('1 of 4 done')).toBeTruthy();
    expect(within(getStarted).getByRole('progressbar', { name: 'Get started progress' })).toBeTruthy();
    expect(within(getStarted).getByText('Finish it to earn 500 points, once.')).toBeTruthy();
    // A done step offers nothing to click.
    expect(within(getStarted).queryByRole('button', { name: 'Show me: Verify your e-mail' })).toBeNull();
  });

  it('Show me goes to the page of the control, asking it to spotlight the control', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Show me: Link a casino account' }));
    const where = screen.getByTestId('where').textContent!;
    expect(where.startsWith('/profile ')).toBe(true);
    expect(JSON.parse(where.slice('/profile '.length))).toEqual({
      spotlight: { role: 'combobox', name: 'Platform', open: { role: 'tab', name: 'Casino Accounts' } },
    });
  });

  it('verifying a round on the page records the step, and the page announces it', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Verify a Mines round' });
    await user.type(within(form).getByLabelText('Server seed (revealed)'), '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159');
    await user.type(within(form).getByLabelText('Client seed'), 'bb62964774');
    await user.clear(within(form).getByLabelText('Nonce'));
    await user.type(within(form).getByLabelText('Nonce'), '1');
    await user.clear(within(form).getByLabelText('Mines'));
    await user.type(within(form).getByLabelText('Mines'), '1');
    await user.click(within(form).getByRole('button', { name: 'Verify round' }));
    expect(within(form).getByText(/Mines at tiles 19 /)).toBeTruthy();
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/how-to/steps/verify-round' }));
    expect(await screen.findByRole('heading', { name: 'Step 1: Verify a game round (done)' })).toBeTruthy();
    expect(screen.getByText('Step done: Verify a game round.')).toBeTruthy();
  });
});
