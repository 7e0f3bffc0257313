import { Target } from 'lucide-react';
import { lazy } from 'react';
import { DDG_DIFFICULTIES, DDG_DIFFICULTY_LABELS, type DdgDifficulty } from '@app/shared/fairness/duck-duck-goose';
import { defineGame } from '../game-definition';
import { verifyDuckDuckGoose } from './duckduckgoose-verify';

export const duckDuckGooseDefinition = defineGame('duckduckgoose', {
  art: { icon: Target, tone: 'from-lime-500 to-green-600' },
  Screen: lazy(() => import('./duckduckgoose-game')),
  verify: {
    /** The difficulty and how many hunts of the round to play (a duck ends it earlier). */
    defaults: { difficulty: 'medium' as DdgDifficulty, hunts: 1 },
    floats: (s) => s.hunts,
    outcome: (seeds, s) => verifyDuckDuckGoose(seeds, s.difficulty, s.hunts),
    fields: [
      { kind: 'number', key: 'hunts', label: 'Hunts', min: 1, max: 1000, hint: 'Hunts played in the round (a duck ends it).' },
      { kind: 'select', key: 'difficulty', label: 'Difficulty', options: DDG_DIFFICULTIES.map((d) => ({ value: d, label: DDG_DIFFICULTY_LABELS[d] })) },
    ],
  },
});
