import { Briefcase } from 'lucide-react';
import { defineGame } from '../game-definition';
import { DealOrNoDealArt } from './dealornodeal-placeholder';

/** Coming soon: no screen and no verifier yet. */
export const dealOrNoDealDefinition = defineGame('dealornodeal', {
  art: { icon: Briefcase, tone: 'from-amber-500 to-orange-600' },
  Placeholder: DealOrNoDealArt,
});
