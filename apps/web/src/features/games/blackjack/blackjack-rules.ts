/**
 * Blackjack screen rules (spec 2 §4 Blackjack, §5, §9): the bet amounts and the open hand that survives a
 * reload. The hand itself is played by @app/shared/fairness/blackjack from the engine's cards.
 */
import { BLACKJACK_ACTIONS, type BlackjackAction, type BlackjackStakes } from '@app/shared/fairness/blackjack';
import type { SeedInput } from '@app/shared/fairness/engine';
import { isCurrencyCode, type CurrencyCode } from '@app/shared/games/currencies';
import { BET_AMOUNT_ERROR, parseBetAmount } from '../bets/bet-amount';
import { readStored, writeStored } from '../stored-json';

/** spec 2 §5: Max sets the bet to 100.00000000. */
export const BLACKJACK_MAX_BET = '100.00000000';

/** The open hand in localStorage (fairness-store's STORED_ROUND_KEYS names it, so rotation waits). */
export const BLACKJACK_ROUND_KEY = 'blackjack-round-v1';

/** An open hand: its seeds (the engine's cards), the stakes and the actions so far; replaying gives the hand. */
export type SavedHand = { seeds: SeedInput; stakes: BlackjackStakes; actions: BlackjackAction[]; currency: CurrencyCode };

function isSavedHand(v: unknown): v is SavedHand {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const seeds = o.seeds as Record<string, unknown> | null;
  const stakes = o.stakes as Record<string, unknown> | null;
  const amount = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
  return (
    typeof seeds === 'object' &&
    seeds !== null &&
    typeof seeds.serverSeed === 'string' &&
    typeof seeds.clientSeed === 'string' &&
    typeof seeds.nonce === 'number' &&
    Number.isSafeInteger(seeds.nonce) &&
    typeof stakes === 'object' &&
    stakes !== null &&
    amount(stakes.main) &&
    (stakes.main as number) > 0 &&
    amount(stakes.perfectPair) &&
    amount(stakes.twentyOneThree) &&
    Array.isArray(o.actions) &&
    o.actions.every((a) => (BLACKJACK_ACTIONS as readonly unknown[]).includes(a)) &&
    typeof o.currency === 'string' &&
    isCurrencyCode(o.currency)
  );
}

export function loadHand(): SavedHand | null {
  return readStored(BLACKJACK_ROUND_KEY, isSavedHand);
}

/** Keeps the open hand (null: none); with storage blocked the hand still plays on this page. */
export function saveHand(hand: SavedHand | null): void {
  writeStored(BLACKJACK_ROUND_KEY, hand);
}

/** A typed amount: empty counts as 0 (side bets), anything else must be a number of 0 or more. */
function parseStake(text: string): number | null {
  if (text.trim() === '') return 0;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** spec 2 §5: the bet amount must be filled and above 0; side bets 0 or more. */
export function readStakes(main: string, perfectPair: string, twentyOneThree: string, withSideBets: boolean): BlackjackStakes | { error: string } {
  const m = parseBetAmount(main);
  if (m === null) return { error: BET_AMOUNT_ERROR };
  if (!withSideBets) return { main: m, perfectPair: 0, twentyOneThree: 0 };
  const pp = parseStake(perfectPair);
  const t3 = parseStake(twentyOneThree);
  if (pp === null || t3 === null) return { error: 'Side bet amounts must be numbers of 0 or more.' };
  return { main: m, perfectPair: pp, twentyOneThree: t3 };
}
