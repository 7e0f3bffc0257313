import { minePositions } from '@app/shared/fairness/outcomes';
import type { Verifier } from '../game-definition';

export type MinesVerifySettings = { mines: number };

const minesVerifier: Verifier<MinesVerifySettings> = {
  floats: (s) => s.mines,
  outcome: (seeds, s) => ({
    outcome: `Mines at ${minePositions(seeds, s.mines).join(', ')}`,
    detail: 'Tiles 0–24, row by row from the top left, in draw order.',
  }),
  fields: [{ kind: 'number', key: 'mines', label: 'Mines', min: 1, max: 24 }],
};
export default minesVerifier;
