/**
 * Deal or No Deal (the stream game played by one viewer drawn from the entrants): the boards, the
 * case-opening schedule, the banker's offer and the board shuffle. Pure and shared: the server plays
 * with it, the game page describes it and the Fairness dialog's Verify tab reproduces the board.
 */
import { floats, type SeedInput } from '../fairness/engine';

/** Boards have 16 or 26 cases (the schedule is defined for those two sizes). */
export const DEAL_OR_NO_DEAL_BOARD_SIZES = [16, 26] as const;
export type DealOrNoDealBoardSize = (typeof DEAL_OR_NO_DEAL_BOARD_SIZES)[number];

/** Largest value one case may hold (points). */
export const DEAL_OR_NO_DEAL_MAX_CASE_VALUE = 10_000_000;

/** The presets the admin starts from (points, ascending). */
export const DEAL_OR_NO_DEAL_PRESETS: Record<DealOrNoDealBoardSize, readonly number[]> = {
  16: [1, 5, 10, 25, 50, 100, 250, 500, 750, 1000, 2500, 5000, 7500, 10000, 25000, 50000],
  26: [1, 2, 5, 10, 25, 50, 75, 100, 200, 300, 400, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, 15000, 20000, 25000, 50000],
};

/** The first rounds of the schedule; after them cases open one at a time. */
const SCHEDULE_START: Record<DealOrNoDealBoardSize, readonly number[]> = {
  26: [6, 5, 4, 3, 2],
  16: [5, 4, 3, 2],
};

/** Is this a board size the game has a schedule for? */
export function isDealOrNoDealBoardSize(n: number): n is DealOrNoDealBoardSize {
  return (DEAL_OR_NO_DEAL_BOARD_SIZES as readonly number[]).includes(n);
}

/**
 * How many cases the contestant opens in each round, until one case besides their own is left
 * (then the final choice: keep or swap). 26 cases: 6, 5, 4, 3, 2, then 1, 1, 1, 1; 16 cases: 5, 4, 3, 2.
 */
export function openingSchedule(size: DealOrNoDealBoardSize): number[] {
  const rounds = [...SCHEDULE_START[size]];
  let left = size - 1 - rounds.reduce((a, b) => a + b, 0);
  while (left > 1) {
    rounds.push(1);
    left -= 1;
  }
  return rounds;
}

/** The banker's share of the expected value in round r (1-based) of R rounds, in percent: 25 rising evenly to 90. */
export const BANKER_FIRST_SHARE = 25;
export const BANKER_LAST_SHARE = 90;

/** The share (percent, a fraction when R - 1 does not divide evenly) of round `round` of `rounds`. */
export function bankerSharePercent(round: number, rounds: number): number {
  if (rounds <= 1) return BANKER_LAST_SHARE;
  const r = Math.min(Math.max(round, 1), rounds);
  return BANKER_FIRST_SHARE + ((BANKER_LAST_SHARE - BANKER_FIRST_SHARE) * (r - 1)) / (rounds - 1);
}

/**
 * The banker's offer after round `round` of `rounds`: the expected value of the unopened cases (their
 * mean, the contestant's own case included) times the round's share, rounded down to whole points.
 * Computed in integers: floor(sum × (25 × (R − 1) + 65 × (r − 1)) / (100 × (R − 1) × count)).
 */
export function bankerOffer(unopenedValues: readonly number[], round: number, rounds: number): number {
  if (unopenedValues.length === 0) return 0;
  const sum = unopenedValues.reduce((a, b) => a + b, 0);
  const r = Math.min(Math.max(round, 1), rounds);
  const span = Math.max(rounds - 1, 1);
  const shareNumerator = rounds <= 1 ? BANKER_LAST_SHARE : BANKER_FIRST_SHARE * span + (BANKER_LAST_SHARE - BANKER_FIRST_SHARE) * (r - 1);
  const numerator = sum * shareNumerator;
  const denominator = 100 * span * unopenedValues.length;
  // Exact integer division (both stay far below 2^53 for boards of at most 26 × 10,000,000 points).
  return (numerator - (numerator % denominator)) / denominator;
}

/**
 * The board: the case values (in the admin's order) shuffled by the provably-fair engine with a
 * Fisher–Yates from the engine's float stream: for i = n − 1 down to 1, float k = n − 1 − i picks
 * j = floor(f × (i + 1)) and swaps positions i and j. Case c (1-based) holds board[c − 1].
 */
export function dealOrNoDealBoard(seeds: SeedInput, values: readonly number[]): number[] {
  const board = [...values];
  const fs = floats(seeds, Math.max(board.length - 1, 0));
  for (let i = board.length - 1; i >= 1; i -= 1) {
    const j = Math.floor(fs[board.length - 1 - i]! * (i + 1));
    [board[i], board[j]] = [board[j]!, board[i]!];
  }
  return board;
}

/** One banker offer of a round in play. */
type DealOrNoDealOffer = { round: number; amount: number; sharePercent: number; answer: 'deal' | 'no_deal' | null };

/** What the contestant does next. */
type DealOrNoDealStage = 'pick' | 'open' | 'offer' | 'final' | 'done';

/** The state of a round in play, as the server stores it (case numbers are 1-based). */
type DealOrNoDealPlay = { ownCase: number | null; opened: readonly number[]; offers: readonly DealOrNoDealOffer[]; finished: boolean };

/** The stage a round in play is at, and how many cases are left to open in the current round. */
export function dealOrNoDealStage(size: DealOrNoDealBoardSize, play: DealOrNoDealPlay): { stage: DealOrNoDealStage; toOpen: number; round: number } {
  const schedule = openingSchedule(size);
  if (play.finished) return { stage: 'done', toOpen: 0, round: play.offers.length };
  if (play.ownCase === null) return { stage: 'pick', toOpen: 0, round: 1 };
  const last = play.offers.at(-1);
  if (last && last.answer === null) return { stage: 'offer', toOpen: 0, round: last.round };
  if (play.offers.length >= schedule.length) return { stage: 'final', toOpen: 0, round: schedule.length };
  const round = play.offers.length + 1;
  const due = schedule.slice(0, round).reduce((a, b) => a + b, 0);
  return { stage: 'open', toOpen: due - play.opened.length, round };
}

/** The values of the cases not opened yet (the contestant's own included). */
export function unopenedValues(board: readonly number[], opened: readonly number[]): number[] {
  const shut = new Set(opened);
  return board.filter((_, i) => !shut.has(i + 1));
}
