/** The Verify tab's Plinko round: the engine's path for rows, the bucket it names and the table's multiplier. */
import type { SeedInput } from '@app/shared/fairness/engine';
import { plinkoPath } from '@app/shared/fairness/outcomes';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_RISK_LABELS, plinkoMultiplier, type PlinkoRisk } from '@app/shared/fairness/payouts';
import { formatMultiplier } from '../format';
import type { Verifier } from '../game-definition';

/** 'Slot {n} · {m}×' (the same text the game shows for the ball), with the path as detail. */
export function verifyPlinko(seeds: SeedInput, rows: number, risk: PlinkoRisk): { outcome: string; detail: string } {
  const { rights, slot } = plinkoPath(seeds, rows);
  return {
    outcome: `Slot ${slot} · ${formatMultiplier(plinkoMultiplier(rows, risk, slot))}`,
    detail: `Path ${rights.map((r) => (r ? 'R' : 'L')).join(' ')} (${rows} rows, ${PLINKO_RISK_LABELS[risk]} risk; slot 0 is far left).`,
  };
}

export type PlinkoVerifySettings = { rows: number; risk: PlinkoRisk };

const plinkoVerifier: Verifier<PlinkoVerifySettings> = {
  floats: (s) => s.rows,
  outcome: (seeds, s) => verifyPlinko(seeds, s.rows, s.risk),
  fields: [
    { kind: 'number', key: 'rows', label: 'Rows', min: PLINKO_MIN_ROWS, max: PLINKO_MAX_ROWS },
    { kind: 'select', key: 'risk', label: 'Risk', options: PLINKO_RISKS.map((r) => ({ value: r, label: PLINKO_RISK_LABELS[r] })) },
  ],
};
export default plinkoVerifier;
