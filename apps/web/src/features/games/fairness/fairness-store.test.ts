import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { floats, hmacBlockHex, sha256Hex } from '@app/shared/fairness/engine';
import { kenoDraw, limboResult, minePositions } from '@app/shared/fairness/outcomes';
import {
  FAIRNESS_STORAGE_KEY,
  getFairnessSnapshot,
  resetFairnessForTests,
  rotate,
  setClientSeed,
  setRoundOpen,
  takeRound,
  useFairness,
} from './fairness-store';

function stored() {
  return JSON.parse(localStorage.getItem(FAIRNESS_STORAGE_KEY) ?? 'null') as { serverSeed: string; nextServerSeed: string; clientSeed: string; nonce: number };
}

beforeEach(() => {
  localStorage.clear();
  resetFairnessForTests();
  getFairnessSnapshot(); // the first access draws and stores a pair
});

describe('engine in the browser build (same as Node)', () => {
  it('reproduces the published vector', () => {
    const seeds = { serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', clientSeed: 'bb62964774', nonce: 1 };
    expect(hmacBlockHex(seeds, 0).slice(0, 8)).toBe('c590d171');
    expect(floats(seeds, 1)[0]).toBeCloseTo(0.771740999306, 11);
    expect(limboResult(seeds)).toBe(1.28);
    expect(kenoDraw(seeds)).toEqual([31, 36, 12, 32, 2, 8, 20, 10, 25, 17]);
  });
});

describe('fairness store', () => {
  it('starts with a random hidden pair, shows hashes and persists it', () => {
    const snap = getFairnessSnapshot();
    const s = stored();
    expect(s.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(snap.serverSeedHash).toBe(sha256Hex(s.serverSeed));
    expect(snap.nextServerSeedHash).toBe(sha256Hex(s.nextServerSeed));
    expect(snap.serverSeedHash).not.toBe(snap.nextServerSeedHash);
    expect(snap.clientSeed).toBe(s.clientSeed);
    expect(snap.nonce).toBe(0);
    expect(snap.previousServerSeed).toBeUndefined();
    expect(JSON.stringify(snap)).not.toContain(s.serverSeed);
  });

  it('takeRound gives the active seeds with the current nonce and advances it', () => {
    const s = stored();
    expect(takeRound()).toEqual({ serverSeed: s.serverSeed, clientSeed: s.clientSeed, nonce: 0 });
    expect(takeRound().nonce).toBe(1);
    expect(getFairnessSnapshot().betCount).toBe(2);
    expect(stored().nonce).toBe(2);
  });

  it('keeps the pair and nonce across reloads', () => {
    takeRound();
    const before = getFairnessSnapshot();
    resetFairnessForTests();
    const after = getFairnessSnapshot();
    expect(after.serverSeedHash).toBe(before.serverSeedHash);
    expect(after.nonce).toBe(1);
  });

  it('rotate reveals the old seed, promotes next, applies the client seed and resets the nonce', () => {
    const old = stored();
    takeRound();
    takeRound();
    const nextHash = getFairnessSnapshot().nextServerSeedHash;
    setClientSeed('  my-seed ');
    expect(getFairnessSnapshot().clientSeed).toBe(old.clientSeed); // applied only on rotation
    rotate();
    const snap = getFairnessSnapshot();
    expect(snap.previousServerSeed).toBe(old.serverSeed);
    expect(snap.previousServerSeedHash).toBe(sha256Hex(old.serverSeed));
    expect(snap.previousClientSeed).toBe(old.clientSeed);
    expect(snap.previousNonce).toBe(2);
    expect(snap.serverSeedHash).toBe(nextHash);
    expect(stored().serverSeed).toBe(old.nextServerSeed);
    expect(snap.nextServerSeedHash).not.toBe(nextHash);
    expect(snap.clientSeed).toBe('my-seed');
    expect(snap.nonce).toBe(0);
    expect(takeRound()).toEqual({ serverSeed: old.nextServerSeed, clientSeed: 'my-seed', nonce: 0 });
  });

  it('refuses to rotate while a multi-step round is open', () => {
    const hash = getFairnessSnapshot().serverSeedHash;
    setRoundOpen(true);
    expect(getFairnessSnapshot().isRoundOpen).toBe(true);
    expect(() => rotate()).toThrow(/Finish the current round/);
    expect(getFairnessSnapshot().serverSeedHash).toBe(hash);
    setRoundOpen(false);
    rotate();
    expect(getFairnessSnapshot().serverSeedHash).not.toBe(hash);
  });

  it('an outcome taken from the store can be recomputed from the revealed seed', () => {
    const seeds = takeRound();
    const board = minePositions(seeds, 5);
    rotate();
    const snap = getFairnessSnapshot();
    expect(minePositions({ serverSeed: snap.previousServerSeed!, clientSeed: snap.previousClientSeed!, nonce: 0 }, 5)).toEqual(board);
  });

  it('ignores corrupt storage', () => {
    localStorage.setItem(FAIRNESS_STORAGE_KEY, '{"serverSeed":"nope"}');
    resetFairnessForTests();
    expect(getFairnessSnapshot().serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored().serverSeed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('useFairness re-renders on changes', () => {
    const { result } = renderHook(() => useFairness());
    expect(result.current.nonce).toBe(0);
    act(() => {
      result.current.takeRound();
    });
    expect(result.current.nonce).toBe(1);
    act(() => result.current.setRoundOpen(true));
    expect(result.current.isRoundOpen).toBe(true);
    act(() => result.current.setRoundOpen(false));
  });
});
