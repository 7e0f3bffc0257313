import { describe, expect, it } from 'vitest';
import { mulberry32 } from './mulberry32';

describe('mulberry32', () => {
  it('gives the reference sequence, so the demo wagers and the sample feed stay as they were', () => {
    const r = mulberry32(1);
    expect([r(), r(), r()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it('repeats for a seed, differs between seeds and stays in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const c = mulberry32(8);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(c()).not.toBe(xs[0]);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });

  it('reads the seed as an unsigned 32-bit number', () => {
    expect(mulberry32(-1)()).toBe(mulberry32(2 ** 32 - 1)());
    expect(mulberry32(2 ** 32 + 3)()).toBe(mulberry32(3)());
  });
});
