/**
 * The player's provably-fair seed pair, in the browser (provably-fair.md "Seeds dialog and rotation").
 * The active server seed stays hidden (only its SHA-256 is shown) until it is rotated out; the pair and the
 * nonce persist in localStorage. A tiny external store so that games, the dialog and tests share one state.
 */
import { useSyncExternalStore } from 'react';
import { randomClientSeed, randomServerSeed, sha256Hex, type SeedInput } from '@app/shared/fairness/engine';
import { readStored, writeStored } from '../stored-json';

export const FAIRNESS_STORAGE_KEY = 'pf-seeds-v1';

type Persisted = {
  serverSeed: string;
  nextServerSeed: string;
  clientSeed: string;
  /** The client seed typed in the dialog; applied on the next rotation. */
  draftClientSeed: string;
  nonce: number;
  previous?: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
};

type FairnessSnapshot = {
  clientSeed: string;
  /** The client seed as edited in the Seeds tab (applied by rotate()). */
  draftClientSeed: string;
  serverSeedHash: string;
  nextServerSeedHash: string;
  /** The nonce of the next round = the number of bets made with the active pair. */
  nonce: number;
  betCount: number;
  /** Revealed by the last rotation. */
  previousServerSeed?: string;
  previousServerSeedHash?: string;
  previousClientSeed?: string;
  /** Bets made with the previous pair (its nonces were 0..previousNonce - 1). */
  previousNonce?: number;
  isRoundOpen: boolean;
};

type Fairness = FairnessSnapshot & {
  setClientSeed(seed: string): void;
  rotate(): void;
  setRoundOpen(open: boolean): void;
  takeRound(): SeedInput;
};

function freshState(): Persisted {
  const clientSeed = randomClientSeed();
  return { serverSeed: randomServerSeed(), nextServerSeed: randomServerSeed(), clientSeed, draftClientSeed: clientSeed, nonce: 0 };
}

function isPersisted(v: unknown): v is Persisted {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const hex64 = (x: unknown) => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x);
  return (
    hex64(o.serverSeed) &&
    hex64(o.nextServerSeed) &&
    typeof o.clientSeed === 'string' &&
    o.clientSeed.length > 0 &&
    typeof o.draftClientSeed === 'string' &&
    typeof o.nonce === 'number' &&
    Number.isSafeInteger(o.nonce) &&
    o.nonce >= 0
  );
}

function readStorage(): Persisted | null {
  return readStored(FAIRNESS_STORAGE_KEY, isPersisted);
}

/** Storage full or blocked (private mode): the pair still works for this page's life. */
function writeStorage(s: Persisted): void {
  writeStored(FAIRNESS_STORAGE_KEY, s);
}

let state: Persisted | null = null;
let roundOpen = false;

/**
 * Rounds kept in localStorage across reloads (blackjack's open hand): while one is stored, rotation waits on
 * every page, not only on the game's own.
 */
const STORED_ROUND_KEYS: readonly string[] = ['blackjack-round-v1'];

function hasStoredRound(): boolean {
  try {
    return STORED_ROUND_KEYS.some((key) => globalThis.localStorage?.getItem(key));
  } catch {
    return false;
  }
}
let snapshot: FairnessSnapshot | null = null;
const listeners = new Set<() => void>();

function current(): Persisted {
  if (!state) {
    state = readStorage() ?? freshState();
    writeStorage(state);
  }
  return state;
}

function buildSnapshot(s: Persisted): FairnessSnapshot {
  return {
    clientSeed: s.clientSeed,
    draftClientSeed: s.draftClientSeed,
    serverSeedHash: sha256Hex(s.serverSeed),
    nextServerSeedHash: sha256Hex(s.nextServerSeed),
    nonce: s.nonce,
    betCount: s.nonce,
    previousServerSeed: s.previous?.serverSeed,
    previousServerSeedHash: s.previous?.serverSeedHash,
    previousClientSeed: s.previous?.clientSeed,
    previousNonce: s.previous?.nonce,
    isRoundOpen: roundOpen || hasStoredRound(),
  };
}

function commit(next: Persisted | null, persist = true): void {
  if (next) {
    state = next;
    if (persist) writeStorage(next);
  }
  snapshot = null;
  for (const l of listeners) l();
}

export function getFairnessSnapshot(): FairnessSnapshot {
  if (!snapshot) snapshot = buildSnapshot(current());
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    // Another tab used or rotated the pair: follow it so nonces are never reused.
    if (e.key !== FAIRNESS_STORAGE_KEY) return;
    const fromOther = readStorage();
    if (fromOther) commit(fromOther, false);
  };
  if (listeners.size === 1) globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The seeds of the next round (active pair + current nonce); advances the nonce and persists it. */
export function takeRound(): SeedInput {
  // Re-read storage first so two tabs never hand out the same nonce.
  const s = readStorage() ?? current();
  const seeds: SeedInput = { serverSeed: s.serverSeed, clientSeed: s.clientSeed, nonce: s.nonce };
  commit({ ...s, nonce: s.nonce + 1 });
  return seeds;
}

/** Edits the client seed that the next rotation applies (trimmed; an empty one keeps a random seed). */
export function setClientSeed(seed: string): void {
  commit({ ...current(), draftClientSeed: seed });
}

/**
 * Reveals the active server seed, promotes the next one, draws a new next seed, applies the edited client
 * seed and resets the nonce to 0. Refused (throws) while a multi-step round is open.
 */
export function rotate(): void {
  if (roundOpen || hasStoredRound()) throw new Error('Finish the current round before rotating seeds.');
  const s = current();
  const clientSeed = s.draftClientSeed.trim() || randomClientSeed();
  commit({
    serverSeed: s.nextServerSeed,
    nextServerSeed: randomServerSeed(),
    clientSeed,
    draftClientSeed: clientSeed,
    nonce: 0,
    previous: { serverSeed: s.serverSeed, serverSeedHash: sha256Hex(s.serverSeed), clientSeed: s.clientSeed, nonce: s.nonce },
  });
}

/** Mines (and other multi-step games) mark their round open so that rotation waits. */
export function setRoundOpen(open: boolean): void {
  if (roundOpen === open) return;
  roundOpen = open;
  commit(null);
}

/** Test helper: forget the in-memory state (the next access reads localStorage again). */
export function resetFairnessForTests(): void {
  state = null;
  roundOpen = false;
  commit(null);
}

export function useFairness(): Fairness {
  const snap = useSyncExternalStore(subscribe, getFairnessSnapshot, getFairnessSnapshot);
  return { ...snap, setClientSeed, rotate, setRoundOpen, takeRound };
}
