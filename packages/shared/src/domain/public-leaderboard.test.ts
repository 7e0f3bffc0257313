import { describe, expect, it } from 'vitest';
import {
  LEADERBOARD_COUNTDOWN_START_SECONDS,
  LEADERBOARD_PRIZE_POOL,
  LEADERBOARD_PRIZES,
  buildLeaderboard,
  countdownParts,
  formatCountdown,
  prizeForPosition,
  remainingSeconds,
  tickCountdown,
  ticketsForWager,
} from './public-leaderboard';

describe('prizes', () => {
  it('pays the 18 amounts of spec 2 §9, in decreasing order', () => {
    expect(LEADERBOARD_PRIZES).toEqual([8_000, 4_000, 2_000, 1_500, 1_200, 1_000, 800, 600, 500, 400, 350, 300, 250, 200, 175, 150, 125, 100]);
    for (let i = 1; i < LEADERBOARD_PRIZES.length; i++) {
      expect(LEADERBOARD_PRIZES[i]!).toBeLessThan(LEADERBOARD_PRIZES[i - 1]!);
    }
  });
  it('gives a pool equal to the sum of the prizes: $20,000 for the top 10, $21,650 over all 18', () => {
    expect(LEADERBOARD_PRIZES.slice(0, 10).reduce((a, b) => a + b, 0)).toBe(20_000);
    expect(LEADERBOARD_PRIZE_POOL).toBe(21_650);
  });
  it('gives the prize per position, 0 outside 1..18', () => {
    expect(prizeForPosition(1)).toBe(8_000);
    expect(prizeForPosition(2)).toBe(4_000);
    expect(prizeForPosition(18)).toBe(100);
    expect(prizeForPosition(19)).toBe(0);
    expect(prizeForPosition(0)).toBe(0);
  });
});

describe('ticketsForWager', () => {
  it('gives one ticket per full $1,000', () => {
    expect(ticketsForWager(0)).toBe(0);
    expect(ticketsForWager(999.99)).toBe(0);
    expect(ticketsForWager(1_000)).toBe(1);
    expect(ticketsForWager(1_999)).toBe(1);
    expect(ticketsForWager(152_340.5)).toBe(152);
  });
  it('never gives tickets for invalid or negative wagers', () => {
    expect(ticketsForWager(-5_000)).toBe(0);
    expect(ticketsForWager(Number.NaN)).toBe(0);
    expect(ticketsForWager(5_000, 0)).toBe(0);
  });
  it('accepts another ratio', () => {
    expect(ticketsForWager(5_000, 500)).toBe(10);
  });
});

describe('buildLeaderboard', () => {
  const players = [
    { id: 'b', username: 'bravo', wagered: 80_000 },
    { id: 'a', username: 'alpha', wagered: 125_500.5 },
    { id: 'c', username: 'charlie', wagered: 79_000.25 },
  ];

  it('sorts by wager and gives each row the dollar gap to the position above', () => {
    const rows = buildLeaderboard(players);
    expect(rows.map((r) => r.username)).toEqual(['alpha', 'bravo', 'charlie']);
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.gapToAbove)).toEqual([null, 45_500.5, 999.75]);
  });

  it('adds tickets and prizes', () => {
    const rows = buildLeaderboard(players);
    expect(rows.map((r) => r.tickets)).toEqual([125, 80, 79]);
    expect(rows.map((r) => r.prize)).toEqual([8_000, 4_000, 2_000]);
  });

  it('does not change its input', () => {
    const copy = structuredClone(players);
    buildLeaderboard(players);
    expect(players).toEqual(copy);
  });

  it('gives a gap of 0 on a tie', () => {
    const rows = buildLeaderboard([
      { id: '1', username: 'x', wagered: 10 },
      { id: '2', username: 'y', wagered: 10 },
    ]);
    expect(rows[1]?.gapToAbove).toBe(0);
  });
});

describe('countdown', () => {
  it('starts at 5d 14h 32m 18s', () => {
    expect(LEADERBOARD_COUNTDOWN_START_SECONDS).toBe(5 * 86_400 + 14 * 3_600 + 32 * 60 + 18);
    expect(formatCountdown(LEADERBOARD_COUNTDOWN_START_SECONDS)).toBe('5d 14h 32m 18s');
    expect(countdownParts(LEADERBOARD_COUNTDOWN_START_SECONDS)).toEqual({ days: 5, hours: 14, minutes: 32, seconds: 18 });
  });

  it('ticks one second at a time, rolling over minutes, hours and days', () => {
    expect(formatCountdown(tickCountdown(LEADERBOARD_COUNTDOWN_START_SECONDS))).toBe('5d 14h 32m 17s');
    expect(formatCountdown(tickCountdown(5 * 86_400))).toBe('4d 23h 59m 59s');
    expect(formatCountdown(tickCountdown(3_600))).toBe('0d 0h 59m 59s');
  });

  it('stops at zero', () => {
    expect(tickCountdown(1)).toBe(0);
    expect(tickCountdown(0)).toBe(0);
    expect(formatCountdown(0)).toBe('0d 0h 0m 0s');
    expect(formatCountdown(-30)).toBe('0d 0h 0m 0s');
  });

  it('derives the remaining seconds from elapsed whole seconds', () => {
    const start = 1_000_000;
    expect(remainingSeconds(100, start, start)).toBe(100);
    expect(remainingSeconds(100, start, start + 999)).toBe(100);
    expect(remainingSeconds(100, start, start + 1_000)).toBe(99);
    expect(remainingSeconds(100, start, start + 250_000)).toBe(0);
    expect(remainingSeconds(100, start, start - 5_000)).toBe(100);
  });
});
