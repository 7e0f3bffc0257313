import { Briefcase } from 'lucide-react';
import { lazy } from 'react';
import { DEAL_OR_NO_DEAL_PRESETS } from '@app/shared/games/deal-or-no-deal';
import { defineGame } from '../game-definition';
import { DealOrNoDealArt } from './deal-or-no-deal-placeholder';

/** Played with the stream (one contestant a round); its board is verified from the revealed seed. */
export const dealOrNoDealDefinition = defineGame('dealornodeal', {
  art: { icon: Briefcase, tone: 'from-amber-500 to-orange-600' },
  Screen: lazy(() => import('./deal-or-no-deal-game')),
  Placeholder: DealOrNoDealArt,
  verify: { defaults: { dealOrNoDealValues: DEAL_OR_NO_DEAL_PRESETS[16].join(', ') }, load: () => import('./deal-or-no-deal-verify') },
});
