import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { GAMES } from '@app/shared/games/catalogue';
import GamePage from './game-page';
import GamesPage from './games-page';
import { resetFairnessForTests } from './fairness/fairness-store';
import { dealOrNoDealQueryKey } from '@/lib/api/query-keys';

function at(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/games', element: <GamesPage /> },
      { path: '/games/:slug', element: <GamePage /> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  localStorage.clear();
  resetFairnessForTests();
});

describe('games pages', { timeout: 20_000 }, () => {
  it('/games lists every game with type, RTP and popular tag', () => {
    at('/games');
    const list = screen.getByRole('list', { name: 'All games' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(10);
    for (const g of GAMES) {
      const link = links.find((l) => l.getAttribute('href') === `/games/${g.slug}`)!;
      expect(link.textContent).toContain(g.title);
      expect(link.textContent).toContain(`${g.type} · RTP ${g.rtp}`);
      expect(link.textContent!.includes('Most Popular')).toBe(g.popular);
    }
  });

  it('an unknown slug shows Game not found. with a back link', () => {
    at('/games/nope');
    expect(screen.getByRole('heading', { name: 'Game not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to games' }).getAttribute('href')).toBe('/games');
  });

  it('a game page has its game (a lazy chunk), info bar, toolbar, scroller and bets', async () => {
    const user = userEvent.setup();
    at('/games/roulette');
    expect(screen.getByRole('heading', { name: 'Roulette', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Roulette controls' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Roulette is coming soon')).toBeNull();
    expect(screen.getByText('Most Popular')).toBeTruthy();
    expect(screen.getByText('Table')).toBeTruthy();
    expect(screen.getByTestId('game-area').className).toContain('h-[75vh]');
    const toolbar = screen.getByRole('toolbar', { name: 'Game tools' });
    expect(within(toolbar).getByRole('button', { name: 'Enter full screen' })).toBeTruthy();
    expect(within(toolbar).getByRole('combobox', { name: 'Currency' }).textContent).toContain('NZD');
    const more = screen.getByRole('region', { name: 'More Games' });
    expect(within(more).getAllByRole('link')).toHaveLength(11);
    expect(within(more).getByRole('link', { name: 'All Games' }).getAttribute('href')).toBe('/games');
    expect(screen.getByRole('table', { name: 'Live Bets' })).toBeTruthy();

    const bigger = screen.getByRole('button', { name: 'Bigger screen' });
    await user.click(bigger);
    expect(bigger.getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Live stats' }));
    expect(await screen.findByRole('dialog', { name: 'Live Stats' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Fairness' }));
    expect(await screen.findByRole('dialog', { name: 'Provably Fair' })).toBeTruthy();
  });

  it('Deal Or No Deal between rounds shows the image as its empty state: when, how to join, the last result', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchInterval: false } } });
    queryClient.setQueryDefaults(dealOrNoDealQueryKey, { refetchInterval: false, staleTime: Infinity });
    queryClient.setQueryData([...dealOrNoDealQueryKey, 'visitor'], { round: null });
    const router = createMemoryRouter([{ path: '/games/:slug', element: <GamePage /> }], { initialEntries: ['/games/dealornodeal'] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByText('Deal Or No Deal').length).toBeGreaterThan(1);
    expect(await screen.findByRole('heading', { name: 'The next round' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('The next round opens during the stream, when the streamer starts it. This page updates by itself.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Last result' })).toBeTruthy();
    expect(screen.getByText('No round has been played yet.')).toBeTruthy();
    // Joining is for an open round only: between rounds there is no Join button.
    expect(screen.queryByRole('button', { name: 'Join the next round' })).toBeNull();
    expect(screen.getByText('How the banker makes an offer')).toBeTruthy();
  });
});
