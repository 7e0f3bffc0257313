import { challengePartnerName, type ChallengeInput } from '@app/shared/api/challenges';
import type { ChallengeRow } from './challenge-presenter.ts';

/** The stored columns of a posted or edited challenge (USD → cents). */
export function rowValuesOf(input: ChallengeInput) {
  return {
    title: input.title,
    partner: input.partner,
    game: input.game,
    minBetCents: Math.round(input.minBet * 100),
    targetMultiplier: input.targetMultiplier,
    prizePoints: input.prizePoints,
    winners: input.winners,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
  };
}

/** "Title: 100.00× on Gates of Olympus at Stake, 5,000 points to 3 winners": the audit rows' words. */
export function challengeSummary(row: Pick<ChallengeRow, 'title' | 'targetMultiplier' | 'game' | 'partner' | 'prizePoints' | 'winners'>): string {
  const winners = row.winners === 1 ? '1 winner' : `${row.winners.toLocaleString('en-US')} winners`;
  return `${row.title}: ${row.targetMultiplier.toFixed(2)}× on ${row.game} at ${challengePartnerName(row.partner)}, ${row.prizePoints.toLocaleString('en-US')} points to ${winners}`;
}
