/**
 * The Verify tab's Deal or No Deal board: the case values in the round's order (as the round shows them),
 * shuffled with the engine's floats (dealOrNoDealBoard: Fisher–Yates, n − 1 floats).
 */
import { DEAL_OR_NO_DEAL_PRESETS, dealOrNoDealBoard, isDealOrNoDealBoardSize } from '@app/shared/games/deal-or-no-deal';
import type { Verifier } from '../game-definition';

export type DealOrNoDealVerifySettings = { dealOrNoDealValues: string };

export const DEFAULT_DOND_VALUES = DEAL_OR_NO_DEAL_PRESETS[16].join(', ');

function parseValues(text: string): number[] | null {
  const parts = text.split(/[,\s]+/).filter(Boolean);
  const values = parts.map(Number);
  return values.every((v) => Number.isInteger(v) && v >= 0) && isDealOrNoDealBoardSize(values.length) ? values : null;
}

export function dealOrNoDealValuesError(text: string): string | null {
  return parseValues(text) ? null : 'Enter the 16 or 26 case values of the round in its order, separated by commas.';
}

const dealOrNoDealVerifier: Verifier<DealOrNoDealVerifySettings> = {
  floats: (s) => Math.max((parseValues(s.dealOrNoDealValues) ?? DEAL_OR_NO_DEAL_PRESETS[16]).length - 1, 1),
  outcome: (seeds, s) => {
    const values = parseValues(s.dealOrNoDealValues) ?? [...DEAL_OR_NO_DEAL_PRESETS[16]];
    const board = dealOrNoDealBoard(seeds, values);
    return {
      outcome: board.map((v, i) => `Case ${i + 1}: ${v.toLocaleString('en-US')}`).join(', '),
      detail: `Fisher–Yates over ${values.length} cases: for i = ${values.length - 1} down to 1, float ${values.length - 1} − i picks j = floor(f × (i + 1)) and swaps cases i + 1 and j + 1.`,
    };
  },
  fields: [
    {
      kind: 'text',
      key: 'dealOrNoDealValues',
      label: 'Case values',
      hint: 'The round’s case values in its order (as the round lists them), separated by commas.',
      error: dealOrNoDealValuesError,
    },
  ],
};
export default dealOrNoDealVerifier;
