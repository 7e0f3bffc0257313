/**
 * The public monthly leaderboard race (spec 2 §2 "Monthly Leaderboard page", §4 "Leaderboard countdown",
 * §9 "Public leaderboard"): prizes, tickets, the gap to the position above, and the countdown.
 */

/**
 * Prizes in USD for positions 1..18, verbatim from spec 2 §9. The spec also calls the pool "$20,000 total
 * prizes", but its own 18 amounts add up to $21,650 (the top 10 make $20,000): we pay the listed amounts
 * and show their real sum, so the page never advertises a total its table contradicts.
 */
export const LEADERBOARD_PRIZES: readonly number[] = [8_000, 4_000, 2_000, 1_500, 1_200, 1_000, 800, 600, 500, 400, 350, 300, 250, 200, 175, 150, 125, 100];

/** The total prize pool: the sum of the 18 prizes ($21,650). */
export const LEADERBOARD_PRIZE_POOL: number = LEADERBOARD_PRIZES.reduce((sum, prize) => sum + prize, 0);

/** USD wagered per raffle ticket (spec 2 §9: every $1,000 wagered gives one ticket). */
const WAGER_PER_TICKET = 1_000;

/** The countdown's start, 5d 14h 32m 18s, in seconds (spec 2 §4). */
export const LEADERBOARD_COUNTDOWN_START_SECONDS = ((5 * 24 + 14) * 60 + 32) * 60 + 18;

type LeaderboardPlayer = { id: string; username: string; wagered: number };

type LeaderboardEntry = LeaderboardPlayer & {
  /** 1-based position after sorting by wagered, highest first. */
  position: number;
  tickets: number;
  /** Prize in USD; 0 past the paid positions. */
  prize: number;
  /** USD wagered short of the position above; null for the leader. */
  gapToAbove: number | null;
};

/** Whole tickets earned for a wager: one per $1,000 (or per `ratio`), never negative. */
export function ticketsForWager(wagered: number, ratio: number = WAGER_PER_TICKET): number {
  if (!Number.isFinite(wagered) || wagered <= 0 || !(ratio > 0)) return 0;
  return Math.floor(wagered / ratio);
}

/** Prize in USD for a 1-based position; 0 when the position is not paid. */
export function prizeForPosition(position: number): number {
  return LEADERBOARD_PRIZES[position - 1] ?? 0;
}

/**
 * Ranks players by wager (highest first, ties keep their input order) and adds position, tickets,
 * prize and the dollar gap to the position above.
 */
export function buildLeaderboard(players: readonly LeaderboardPlayer[]): LeaderboardEntry[] {
  const sorted = [...players].sort((a, b) => b.wagered - a.wagered);
  return sorted.map((player, i) => {
    const above = i > 0 ? sorted[i - 1] : undefined;
    return {
      ...player,
      position: i + 1,
      tickets: ticketsForWager(player.wagered),
      prize: prizeForPosition(i + 1),
      gapToAbove: above ? roundCents(above.wagered - player.wagered) : null,
    };
  });
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

/** Splits whole seconds (negative and fractions are clamped/floored) into days, hours, minutes, seconds. */
export function countdownParts(totalSeconds: number): CountdownParts {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
}

/** Formats seconds as '5d 14h 32m 18s' (zero: '0d 0h 0m 0s'). */
export function formatCountdown(totalSeconds: number): string {
  const { days, hours, minutes, seconds } = countdownParts(totalSeconds);
  return `${days}d ${hours}h ${minutes}m ${seconds}s`;
}

/** One tick of the countdown: one second less, stopping at zero. */
export function tickCountdown(totalSeconds: number): number {
  return Math.max(0, Math.floor(totalSeconds) - 1);
}

/**
 * Seconds left at `now` for a countdown that had `startSeconds` left at `startedAt` (both ms epoch),
 * never below zero. Deriving from the clock keeps the countdown right when timers are throttled.
 */
export function remainingSeconds(startSeconds: number, startedAt: number, now: number): number {
  const elapsed = Math.floor(Math.max(0, now - startedAt) / 1000);
  return Math.max(0, startSeconds - elapsed);
}
