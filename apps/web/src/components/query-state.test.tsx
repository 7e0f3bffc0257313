import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { QueryState, type QueryLike } from './query-state';

function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
  return { data: undefined, isPending: false, isError: false, isFetching: false, error: null, refetch: vi.fn(), ...state };
}

const unavailable = new ApiError(503, { ok: false, error: 'Database unavailable', code: 'UNAVAILABLE' });

describe('QueryState', () => {
  it('says what is loading while the first answer is on its way, and draws nothing else', () => {
    const draw = vi.fn(() => 'drawn');
    render(
      <QueryState query={query<string>({ isPending: true })} layout="section" loading="Loading the hill…" failure="The hill">
        {draw}
      </QueryState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the hill…');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(draw).not.toHaveBeenCalled();
  });

  it('names what could not be loaded with the server’s reason, or a hint without one, and retries', async () => {
    const failed = query<string>({ isError: true, error: unavailable });
    const { unmount } = render(<QueryState query={failed} loading="Loading raffles…" failure="The raffles" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The raffles could not be loaded. Database unavailableTry again');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    unmount();

    render(<QueryState query={query<string>({ isError: true, error: new TypeError('Failed to fetch') })} loading="Loading raffles…" failure="The raffles" />);
    expect(screen.getByRole('alert').textContent).toContain('The raffles could not be loaded. Check your connection and try again.');
  });

  it("uses the screen's words and retry label, and says 'Retrying…' while a retry runs when asked to", () => {
    render(
      <QueryState
        query={query<string>({ isError: true, isFetching: true, error: unavailable })}
        layout="card"
        loading="Loading…"
        failure={(error) => `The sessions could not be loaded: ${(error as ApiError).error}`}
        showsRetrying
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The sessions could not be loaded: Database unavailable');
    const retry = within(alert).getByRole('button', { name: 'Retrying…' });
    expect(retry).toHaveProperty('disabled', true);
  });

  it('shows a failed refetch instead of the data it still holds, and the data once it arrives', () => {
    const { rerender } = render(
      <QueryState query={query({ data: ['a'], isError: true, error: unavailable })} loading="Loading…" failure="The list" retryLabel="Retry">
        {(data) => <p>{data.join(', ')}</p>}
      </QueryState>,
    );
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('a')).toBeNull();
    rerender(
      <QueryState query={query({ data: ['a', 'b'] })} loading="Loading…" failure="The list" retryLabel="Retry">
        {(data) => <p>{data.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('a, b')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
