import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEADERBOARD_COUNTDOWN_START_SECONDS } from '@app/shared/domain/public-leaderboard';
import { Countdown } from './countdown';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const timerText = () => screen.getByRole('timer', { name: 'Time remaining' }).textContent;

describe('Countdown', () => {
  it('starts at 5d 14h 32m 18s and ticks every second', () => {
    render(<Countdown startSeconds={LEADERBOARD_COUNTDOWN_START_SECONDS} />);
    expect(timerText()).toBe('5d 14h 32m 18s');
    act(() => vi.advanceTimersByTime(999));
    expect(timerText()).toBe('5d 14h 32m 18s');
    act(() => vi.advanceTimersByTime(1));
    expect(timerText()).toBe('5d 14h 32m 17s');
    act(() => vi.advanceTimersByTime(18_000));
    expect(timerText()).toBe('5d 14h 31m 59s');
  });

  it('stops at zero and clears its timer', () => {
    render(<Countdown startSeconds={2} />);
    act(() => vi.advanceTimersByTime(2_000));
    expect(timerText()).toBe('0d 0h 0m 0s');
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5_000));
    expect(timerText()).toBe('0d 0h 0m 0s');
  });
});

describe('Countdown after a long pause', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('catches up with the clock when ticks were skipped (a throttled background tab)', () => {
    render(<Countdown startSeconds={3_600} />);
    // The clock moves 10 minutes while only one interval callback runs.
    act(() => {
      vi.setSystemTime(Date.now() + 600_000);
      vi.advanceTimersToNextTimer();
    });
    expect(timerText()).toBe('0d 0h 49m 59s');
  });
});
