/** Setup shared by the game screens' component tests (not a test file itself). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { BETS_STORAGE_KEY, clearBetsForTests } from './bets/bet-store';
import { FAIRNESS_STORAGE_KEY, resetFairnessForTests } from './fairness/fairness-store';

/** The published test vector (nonce 1 gives dice 77.1741, limbo 1.28, keno 31, 36, 12, …). */
export const TEST_SEEDS = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

type Seeds = { serverSeed: string; clientSeed: string; nonce: number };

/** fast-check: any seed pair and nonce, for properties checked against an independent computation from the floats. */
export const SEEDS_ARBITRARY = fc.record({
  serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
  clientSeed: fc.string({ minLength: 1, maxLength: 20 }),
  nonce: fc.nat({ max: 1_000_000 }),
});

/** Empties localStorage and the bet history. */
function resetGameStores() {
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
    (query: string) =>
      ({ matches: isReduced && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
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

type User = ReturnType<typeof userEvent.setup>;

/**
 * Renders a game screen and sets up user-event for it. `reducedMotion` first makes `prefers-reduced-motion: reduce`
 * match (or not); without it the browser's default stands.
 */
export function renderGame(ui: ReactElement, { reducedMotion }: { reducedMotion?: boolean } = {}) {
  if (reducedMotion !== undefined) mockReducedMotion(reducedMotion);
  const user = userEvent.setup();
  return { user, ...render(ui) };
}

/** Replaces the text of each field named by its label, in order. */
export async function fillIn(user: User, fields: Record<string, string>) {
  for (const [label, text] of Object.entries(fields)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.type(field, text);
  }
}

/** Replaces the text of the "Bet Amount" field. */
export async function typeAmount(user: User, text: string) {
  await fillIn(user, { 'Bet Amount': text });
}

/** Presses Start Autobet with setTimeout faked from then on (user-event waits on timers itself: they are faked only for the run). */
export function startAutobet() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fireEvent.click(screen.getByRole('button', { name: 'Start Autobet' }));
}

/** Presses `button` and expects the form's alert to read `message` and no bet to be recorded. */
export async function expectRefused(user: User, button: string, message: string) {
  await user.click(screen.getByRole('button', { name: button }));
  expect(screen.getByRole('alert').textContent).toBe(message);
  expect(storedBets()).toHaveLength(0);
}
