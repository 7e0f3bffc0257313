/** Verify tab, roulette: the engine's pocket and, with the bets on the table, their settlement. */
import type { SeedInput } from '@app/shared/fairness/engine';
import { roulettePocket } from '@app/shared/fairness/outcomes';
import { parseRouletteBets, pocketColor, rouletteOutcomeText, settleRoulette } from '@app/shared/fairness/roulette';
import type { Verifier } from '../game-definition';

/** The error of the Bets field, or null (empty is fine: the pocket alone is shown). */
export function rouletteBetsError(betsText: string): string | null {
  if (betsText.trim() === '') return null;
  const parsed = parseRouletteBets(betsText);
  return 'error' in parsed ? parsed.error : null;
}

export function verifyRoulette(seeds: SeedInput, betsText: string): { outcome: string; detail?: string } {
  const pocket = roulettePocket(seeds);
  const parsed = betsText.trim() === '' ? null : parseRouletteBets(betsText);
  if (!parsed || 'error' in parsed) {
    return { outcome: `Pocket ${pocket} (${pocketColor(pocket)})`, detail: 'pocket = floor(float 0 × 37). Enter the bets to settle them.' };
  }
  const settlement = settleRoulette(parsed.bets, pocket);
  return {
    outcome: rouletteOutcomeText(settlement),
    detail: `pocket = floor(float 0 × 37). Winning spots: ${settlement.winners.length ? settlement.winners.join(', ') : 'none'} (straight 36×, split 18×, dozen and column 3×, even-money 2×; 0 loses every outside bet).`,
  };
}

export type RouletteVerifySettings = { rouletteBets: string };

const rouletteVerifier: Verifier<RouletteVerifySettings> = {
  outcome: (seeds, s) => verifyRoulette(seeds, s.rouletteBets),
  fields: [
    {
      kind: 'text',
      key: 'rouletteBets',
      label: 'Bets',
      hint: 'The bets on the table as the game shows them, e.g. 17:0.10, red:0.50. Empty shows the pocket only.',
      error: rouletteBetsError,
    },
  ],
};
export default rouletteVerifier;
