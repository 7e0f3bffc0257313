import { Triangle } from 'lucide-react';
import { lazy } from 'react';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_RISK_LABELS, type PlinkoRisk } from '@app/shared/fairness/payouts';
import { defineGame } from '../game-definition';
import { verifyPlinko } from './plinko-verify';

export const plinkoDefinition = defineGame('plinko', {
  art: { icon: Triangle, tone: 'from-pink-500 to-rose-600' },
  Screen: lazy(() => import('./plinko-game')),
  verify: {
    defaults: { rows: 8, risk: 'low' as PlinkoRisk },
    floats: (s) => s.rows,
    outcome: (seeds, s) => verifyPlinko(seeds, s.rows, s.risk),
    fields: [
      { kind: 'number', key: 'rows', label: 'Rows', min: PLINKO_MIN_ROWS, max: PLINKO_MAX_ROWS },
      { kind: 'select', key: 'risk', label: 'Risk', options: PLINKO_RISKS.map((r) => ({ value: r, label: PLINKO_RISK_LABELS[r] })) },
    ],
  },
});
