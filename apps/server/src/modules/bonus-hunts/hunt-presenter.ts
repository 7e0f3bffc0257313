import type { Bonus, HuntStatus, HuntSummary } from '@app/shared/api/bonus-hunts';
import { maskUsername } from '@app/shared/api/races';
import { bonusX, huntFigures, roundX } from '@app/shared/domain/bonus-hunt-stats';
import type { bonusHunts, huntBonuses } from '../../db/schema.ts';

export type HuntRow = typeof bonusHunts.$inferSelect;
export type BonusRow = typeof huntBonuses.$inferSelect;

/** A bonus; `isNameShown`: its best × guesser opted in to show their name (else masked like every public board). */
export function presentBonus(row: BonusRow, isNameShown: boolean): Bonus {
  return {
    id: row.id,
    position: row.position,
    slotId: row.slotId,
    slotName: row.slotName,
    provider: row.provider,
    bet: row.bet,
    win: row.win,
    multiplier: bonusX(row),
    guessCount: row.guessCount,
    bestGuess:
      row.win !== null && row.bestGuessX !== null && row.bestGuessUsername !== null
        ? {
            username: isNameShown ? row.bestGuessUsername : maskUsername(row.bestGuessUsername),
            multiplier: row.bestGuessX / 100,
            difference: roundX(Math.abs(row.bestGuessX * row.bet - 100 * row.win) / (100 * row.bet)),
          }
        : null,
  };
}

/** A hunt with its live figures, from its bonuses (any order). */
export function presentHunt(row: HuntRow, bonuses: readonly BonusRow[], guessCount: number): HuntSummary {
  return {
    id: row.id,
    title: row.title,
    casino: row.casino,
    currency: row.currency,
    startBalance: row.startBalance,
    status: row.status as HuntStatus,
    isGuessingOpen: row.status === 'collecting' && row.guessingClosedAt === null,
    entryCost: row.entryCost,
    prizes: row.prizes,
    finalBalance: row.finalBalance,
    guessCount,
    createdAt: row.createdAt.toISOString(),
    figures: huntFigures(row.startBalance, bonuses),
  };
}
