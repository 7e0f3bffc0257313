import { describe, expect, it } from 'vitest';
import { GAMES } from '@app/shared/games/catalogue';
import { mulberry32 } from '@app/shared/domain/mulberry32';
import { highRollers, sampleFeed } from './sample-feed';

describe('sample feed', () => {
  it('has 18 deterministic rows of known games', () => {
    const a = sampleFeed();
    expect(a).toHaveLength(18);
    expect(sampleFeed()).toEqual(a);
    expect(sampleFeed(1)).not.toEqual(a);
    const titles = GAMES.map((g) => g.title);
    for (const r of a) {
      expect(titles).toContain(r.game);
      expect(r.amountBTC).toBeGreaterThan(0);
      expect(r.result === 'Win' ? r.multiplier > 1 : r.multiplier === 0).toBe(true);
    }
    expect(new Set(a.map((r) => r.id)).size).toBe(18);
  });

  it('has no Deal or No Deal rows: it is a stream game, not a bet', () => {
    for (const seed of [undefined, 1, 2, 3, 4, 5]) {
      expect(sampleFeed(seed, 200).map((r) => r.game)).not.toContain('Deal Or No Deal');
    }
  });

  it('high rollers are the largest stakes first', () => {
    const h = highRollers(sampleFeed());
    for (let i = 1; i < h.length; i += 1) expect(h[i - 1]!.amountBTC).toBeGreaterThanOrEqual(h[i]!.amountBTC);
  });

  it('mulberry32 is seeded', () => {
    const r = mulberry32(7);
    const xs = [r(), r(), r()];
    const r2 = mulberry32(7);
    expect([r2(), r2(), r2()]).toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });
});
