import { describe, expect, it } from 'vitest';
import { bestBonusGuess, bonusX, guessWinners, huntFigures, nextBonusToOpen } from './bonus-hunt-stats';

describe('huntFigures', () => {
  it('computes the break-even × on a known example', () => {
    // $1,000 start; five $2 bonuses; two opened for $150 and $50 → (1000 − 200) / (3 × 2) = 133.33×.
    const bonuses = [
      { bet: 200, win: 15000, provider: 'Pragmatic Play' },
      { bet: 200, win: 5000, provider: 'Hacksaw Gaming' },
      { bet: 200, win: null, provider: 'Pragmatic Play' },
      { bet: 200, win: null, provider: null },
      { bet: 200, win: null, provider: 'Nolimit City' },
    ];
    const f = huntFigures(100000, bonuses);
    expect(f).toMatchObject({
      totalCost: 100000,
      collected: 5,
      opened: 2,
      totalBets: 1000,
      wonSoFar: 20000,
      profit: -80000,
      averageX: 50,
      breakEvenX: 133.33,
      bestX: 75,
      worstX: 25,
    });
    expect(f.providers).toEqual([
      { provider: 'Pragmatic Play', opened: 1, averageX: 75 },
      { provider: 'Hacksaw Gaming', opened: 1, averageX: 25 },
    ]);
  });

  it('has no averages before an opening, break-even 0 in profit and none when all are open', () => {
    expect(huntFigures(1000, [{ bet: 100, win: null, provider: null }])).toMatchObject({ averageX: null, bestX: null, worstX: null, breakEvenX: 10 });
    expect(
      huntFigures(1000, [
        { bet: 100, win: 5000, provider: null },
        { bet: 100, win: null, provider: null },
      ]).breakEvenX,
    ).toBe(0);
    const done = huntFigures(1000, [{ bet: 100, win: 0, provider: 'A' }]);
    expect(done).toMatchObject({ breakEvenX: null, averageX: 0, worstX: 0, profit: -1000 });
    expect(huntFigures(500, [])).toMatchObject({ collected: 0, opened: 0, breakEvenX: null, profit: -500 });
  });

  it('averages by bet, not by bonus', () => {
    // 10× on a $10 bet and 100× on a $1 bet: (100 + 100) / 11 = 18.18×, not 55×.
    const f = huntFigures(0, [
      { bet: 1000, win: 10000, provider: null },
      { bet: 100, win: 10000, provider: null },
    ]);
    expect(f.averageX).toBe(18.18);
    expect(bonusX({ bet: 100, win: 10000 })).toBe(100);
    expect(bonusX({ bet: 100, win: null })).toBeNull();
  });
});

describe('guessWinners', () => {
  it('takes the closest guesses, ties to the earliest', () => {
    const guesses = [
      { userId: 'a', amount: 1000, at: 5 },
      { userId: 'b', amount: 1200, at: 3 },
      { userId: 'c', amount: 800, at: 4 },
      { userId: 'd', amount: 1100, at: 9 },
      { userId: 'e', amount: 900, at: 1 },
    ];
    const winners = guessWinners(guesses, 1000, 3);
    expect(winners.map((w) => [w.userId, w.difference, w.place])).toEqual([
      ['a', 0, 1],
      ['e', 100, 2],
      ['d', 100, 3],
    ]);
    expect(guessWinners(guesses, 1000, 10)).toHaveLength(5);
    expect(guessWinners([], 1000, 3)).toEqual([]);
  });
});

describe('bonus × guesses', () => {
  it('the next bonus to open is the first unopened by position', () => {
    expect(
      nextBonusToOpen([
        { position: 2, win: null },
        { position: 0, win: 5 },
        { position: 1, win: null },
      ]),
    ).toEqual({ position: 1, win: null });
    expect(nextBonusToOpen([{ position: 0, win: 5 }])).toBeNull();
  });

  it('the best guess is the closest × compared exactly, ties to the earliest, then the user id', () => {
    // bet 300, win 1000: 3.333…x; 3.33 is off by 0.0033…, 3.34 by 0.0066…
    const guesses = [
      { userId: 'b', xHundredths: 334, at: 1 },
      { userId: 'a', xHundredths: 333, at: 2 },
      { userId: 'c', xHundredths: 500, at: 0 },
    ];
    expect(bestBonusGuess(guesses, { bet: 300, win: 1000 })?.userId).toBe('a');
    // 12.5x: 12 and 13 tie; the earlier wins, and at the same time the smaller user id.
    const tie = [
      { userId: 'z', xHundredths: 1300, at: 5 },
      { userId: 'y', xHundredths: 1200, at: 7 },
    ];
    expect(bestBonusGuess(tie, { bet: 200, win: 2500 })?.userId).toBe('z');
    expect(bestBonusGuess([...tie, { userId: 'a', xHundredths: 1200, at: 5 }], { bet: 200, win: 2500 })?.userId).toBe('a');
    expect(bestBonusGuess([], { bet: 200, win: 2500 })).toBeNull();
  });
});
