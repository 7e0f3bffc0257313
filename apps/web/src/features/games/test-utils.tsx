/** Setup shared by the game screens' component tests (not a test file itself). */
import { act, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { BETS_STORAGE_KEY, clearBetsForTests } from './bets/bet-store';
import { FAIRNESS_STORAGE_KEY, resetFairnessForTests } from './fairness/fairness-store';

/** The published test vector (nonce 1 gives dice 77.1741, limbo 1.28, keno 31, 36, 12, …). */
export const TEST_SEEDS = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

type Seeds = { serverSeed: string; clientSeed: string; nonce: number };

/** Empties localStorage and the bet history. */
export function resetGameStores() {
  localStorage.clear();
  clearBetsForTests();
}

/**
 * The hooks every game test file uses: before each test, empty stores (seeded with `seeds` when given);
 * after it, real timers and no mocks.
 */
export function setUpGameTests(seeds?: Seeds) {
  beforeEach(() => {
    resetGameStores();
    if (seeds) seedFairness(seeds);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/**
 * Stores the fairness seeds the next round uses (`nonce` is the next round's nonce) and reloads the store.
 * `nextServerSeed` defaults to the server seed with its first "1" made a "2".
 */
export function seedFairness(seeds: Seeds, nextServerSeed = seeds.serverSeed.replace('1', '2')) {
  localStorage.setItem(
    FAIRNESS_STORAGE_KEY,
    JSON.stringify({ serverSeed: seeds.serverSeed, nextServerSeed, clientSeed: seeds.clientSeed, draftClientSeed: seeds.clientSeed, nonce: seeds.nonce }),
  );
  resetFairnessForTests();
}

/** The bets the games recorded, newest first. */
export function storedBets(): Array<Record<string, unknown>> {
  return JSON.parse(localStorage.getItem(BETS_STORAGE_KEY) ?? '[]');
}

/** Makes `prefers-reduced-motion: reduce` match (or not). Undo with vi.restoreAllMocks(). */
export function mockReducedMotion(isReduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: isReduced && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

/**
 * Queues animation frames instead of running them, with performance.now() fixed at `start`.
 * Returns runFrame(t): runs the oldest queued frame at time start + t.
 */
export function mockFrames(start: number) {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    frames.push(cb);
    return frames.length;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
  vi.spyOn(performance, 'now').mockReturnValue(start);
  return (t: number) => act(() => frames.shift()?.(start + t));
}

/** Replaces the text of the "Bet Amount" field. */
export async function typeAmount(user: ReturnType<typeof userEvent.setup>, text: string) {
  const amount = screen.getByLabelText('Bet Amount');
  await user.clear(amount);
  await user.type(amount, text);
}
