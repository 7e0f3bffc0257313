/**
 * The bonus hunt's live figures and Guess the Balance's winners, pure so the server, the web and
 * the tests compute them alike. Amounts are integer cents; a multiple (×) is win ÷ bet, 2 decimals.
 */

type HuntBonusFigures = { bet: number; win: number | null; provider: string | null };

type HuntFigureSet = {
  totalCost: number;
  collected: number;
  opened: number;
  totalBets: number;
  wonSoFar: number;
  profit: number;
  averageX: number | null;
  breakEvenX: number | null;
  bestX: number | null;
  worstX: number | null;
  providers: { provider: string; opened: number; averageX: number }[];
};

/** A multiple rounded to two decimals. */
export function roundX(x: number): number {
  return Math.round(x * 100) / 100;
}

/** win ÷ bet, or null while unopened. */
export function bonusX(bonus: { bet: number; win: number | null }): number | null {
  return bonus.win === null ? null : roundX(bonus.win / bonus.bet);
}

/**
 * The hunt's figures. The average × is bet-weighted (Σ wins ÷ Σ bets of the opened bonuses), the
 * same measure as the break-even × = (start balance − won so far) ÷ Σ bets of the unopened bonuses,
 * floored at 0 once the hunt is in profit; null when nothing is left to open.
 */
export function huntFigures(startBalance: number, bonuses: readonly HuntBonusFigures[]): HuntFigureSet {
  let wonSoFar = 0;
  let openedBets = 0;
  let remainingBets = 0;
  let totalBets = 0;
  let opened = 0;
  let bestX: number | null = null;
  let worstX: number | null = null;
  const byProvider = new Map<string, { bets: number; wins: number; opened: number }>();
  for (const b of bonuses) {
    totalBets += b.bet;
    if (b.win === null) {
      remainingBets += b.bet;
      continue;
    }
    opened += 1;
    wonSoFar += b.win;
    openedBets += b.bet;
    const x = b.win / b.bet;
    bestX = bestX === null ? x : Math.max(bestX, x);
    worstX = worstX === null ? x : Math.min(worstX, x);
    if (b.provider) {
      const p = byProvider.get(b.provider) ?? { bets: 0, wins: 0, opened: 0 };
      p.bets += b.bet;
      p.wins += b.win;
      p.opened += 1;
      byProvider.set(b.provider, p);
    }
  }
  return {
    totalCost: startBalance,
    collected: bonuses.length,
    opened,
    totalBets,
    wonSoFar,
    profit: wonSoFar - startBalance,
    averageX: openedBets > 0 ? roundX(wonSoFar / openedBets) : null,
    breakEvenX: remainingBets > 0 ? roundX(Math.max(0, startBalance - wonSoFar) / remainingBets) : null,
    bestX: bestX === null ? null : roundX(bestX),
    worstX: worstX === null ? null : roundX(worstX),
    providers: [...byProvider.entries()]
      .map(([provider, p]) => ({ provider, opened: p.opened, averageX: roundX(p.wins / p.bets) }))
      .sort((a, b) => b.averageX - a.averageX || a.provider.localeCompare(b.provider)),
  };
}

type BalanceGuess = { userId: string; amount: number; at: number };

/**
 * Guess the Balance: the `count` guesses closest to `finalBalance` by absolute difference, ties to
 * the earliest guess (then the user id, so the order is total). Place 1 first.
 */
export function guessWinners<G extends BalanceGuess>(
  guesses: readonly G[],
  finalBalance: number,
  count: number,
): (G & { difference: number; place: number })[] {
  return guesses
    .map((g) => ({ ...g, difference: Math.abs(g.amount - finalBalance) }))
    .sort((a, b) => a.difference - b.difference || a.at - b.at || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
    .slice(0, count)
    .map((g, i) => ({ ...g, place: i + 1 }));
}

/** While a hunt is opening, the bonus whose × members guess: the first unopened one in the list's order (null when all are open). */
export function nextBonusToOpen<B extends { position: number; win: number | null }>(bonuses: readonly B[]): B | null {
  let next: B | null = null;
  for (const b of bonuses) if (b.win === null && (next === null || b.position < next.position)) next = b;
  return next;
}

type BonusXGuess = { userId: string; xHundredths: number; at: number };

/**
 * Who guessed an opened bonus's × best: the smallest |guess − win ÷ bet|, ties to the earliest guess
 * (then the user id). Compared exactly in integers: |x × bet − 100 × win| has the same order (one
 * denominator, 100 × bet, for every guess of the bonus). Null without guesses.
 */
export function bestBonusGuess<G extends BonusXGuess>(guesses: readonly G[], bonus: { bet: number; win: number }): G | null {
  let best: G | null = null;
  let bestDistance = Infinity;
  for (const g of guesses) {
    const distance = Math.abs(g.xHundredths * bonus.bet - 100 * bonus.win);
    const better = best === null || distance < bestDistance || (distance === bestDistance && (g.at < best.at || (g.at === best.at && g.userId < best.userId)));
    if (better) {
      best = g;
      bestDistance = distance;
    }
  }
  return best;
}
