/**
 * The player's own rounds (the games place no server bets yet): feeds My Bets and Live Stats.
 * Kept in localStorage, newest first, capped so storage stays small.
 */
import { useSyncExternalStore } from 'react';
import type { CurrencyCode } from '@app/shared/games/currencies';
import { isCurrencyCode } from '@app/shared/games/currencies';
import type { GameSlug } from '@app/shared/games/catalogue';
import { isGameSlug } from '@app/shared/games/catalogue';

export const BETS_STORAGE_KEY = 'my-bets-v1';
const MAX_STORED_BETS = 200;

type BetInput = {
  game: GameSlug;
  /** The stake, in `currency` (the display currency when the bet was placed). */
  amount: number;
  multiplier: number;
  /** What came back (amount × multiplier on a win, 0 on a loss). */
  payout: number;
  win: boolean;
  nonce: number;
  currency?: CurrencyCode;
};

type MyBet = Required<BetInput> & { id: string; time: number };

let bets: MyBet[] | null = null;
const listeners = new Set<() => void>();

function isBet(v: unknown): v is MyBet {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.id === 'string' &&
    typeof o.game === 'string' &&
    isGameSlug(o.game) &&
    typeof o.amount === 'number' &&
    typeof o.multiplier === 'number' &&
    typeof o.payout === 'number' &&
    typeof o.win === 'boolean' &&
    typeof o.nonce === 'number' &&
    typeof o.time === 'number' &&
    typeof o.currency === 'string' &&
    isCurrencyCode(o.currency)
  );
}

function load(): MyBet[] {
  if (bets) return bets;
  try {
    const raw = globalThis.localStorage?.getItem(BETS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    bets = Array.isArray(parsed) ? parsed.filter(isBet) : [];
  } catch {
    bets = [];
  }
  return bets;
}

let counter = 0;

/** Records one finished round of the player. */
export function recordBet(input: BetInput): MyBet {
  counter += 1;
  const bet: MyBet = { currency: 'NZD', ...input, id: `${Date.now().toString(36)}-${counter}`, time: Date.now() };
  bets = [bet, ...load()].slice(0, MAX_STORED_BETS);
  try {
    globalThis.localStorage?.setItem(BETS_STORAGE_KEY, JSON.stringify(bets));
  } catch {
    // storage blocked: the list still lives for this page
  }
  for (const l of listeners) l();
  return bet;
}

export function clearBetsForTests(): void {
  bets = [];
  try {
    globalThis.localStorage?.removeItem(BETS_STORAGE_KEY);
  } catch {
    // ignore
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The player's rounds, newest first. */
export function useMyBets(): readonly MyBet[] {
  return useSyncExternalStore(subscribe, load, load);
}

type BetStats = { profit: number; wins: number; wagered: number; losses: number };

/** Profit, Wins, Wagered and Losses over the player's rounds, converted to a display currency by `rateOf`. */
export function betStats(list: readonly MyBet[], toDisplay: (amount: number, from: CurrencyCode) => number): BetStats {
  let profit = 0;
  let wagered = 0;
  let wins = 0;
  let losses = 0;
  for (const b of list) {
    wagered += toDisplay(b.amount, b.currency);
    profit += toDisplay(b.payout - b.amount, b.currency);
    if (b.win) wins += 1;
    else losses += 1;
  }
  return { profit, wins, wagered, losses };
}
