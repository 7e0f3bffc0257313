import { describe, expect, it } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import { drawGiveawayWinners } from '@app/shared/domain/giveaway-draw';
import { raffleEntriesDigest } from '@app/shared/domain/raffle-draw';
import { sha256Hex } from '@app/shared/fairness/engine';
import { verifyGiveawayDraw } from './giveaway-verify';

const SEED = '3b1f0c5e9a7d2b4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9011223344556';
const ENTRANTS = [
  { id: 'RH-AAAAAAAA', weight: 1 },
  { id: 'KICK-555', weight: 3 },
  { id: 'RH-CCCCCCCC', weight: 1 },
];

function drawnGiveaway(): Giveaway {
  const first = drawGiveawayWinners(SEED, ENTRANTS, 1);
  const redraw = drawGiveawayWinners(SEED, ENTRANTS, 1, first.winnerIds);
  const tickets = ENTRANTS.flatMap((e) => Array.from({ length: e.weight }, () => e.id));
  return {
    id: 'g1', number: 1, prize: '100 points', prizePoints: 100, keyword: '!join', winners: 1, entryMode: 'anyone', subscriberLuck: 3,
    status: 'Completed', opensAt: '2026-11-24T12:00:00.000Z', closesAt: '2026-11-24T12:02:00.000Z', closedAt: '2026-11-24T12:02:00.000Z', drawnAt: '2026-11-24T12:02:00.000Z',
    entries: 3,
    draw: {
      seedHash: sha256Hex(SEED), seed: SEED, entrants: ENTRANTS, entriesDigest: raffleEntriesDigest(tickets), bannedExcluded: 0,
      rounds: [
        { round: 0, excluded: [], winners: 1, ...first },
        { round: 1, excluded: first.winnerIds, winners: 1, ...redraw },
      ],
    },
    winnerList: [
      { id: 'w1', entrantId: first.winnerIds[0]!, username: 'ab***c', position: 1, round: 0, status: 'replaced', claimBy: null },
      { id: 'w2', entrantId: redraw.winnerIds[0]!, username: 'de***f', position: 1, round: 1, status: 'credited', claimBy: null },
    ],
  };
}

describe('verifyGiveawayDraw', () => {
  it('agrees with a draw and its redraw recomputed from the published data', () => {
    const result = verifyGiveawayDraw(drawnGiveaway())!;
    expect(result).toMatchObject({ isSeedCommitted: true, isDigestMatching: true, isWinnersMatching: true, agrees: true });
    expect(result.recomputedWinners).toHaveLength(2);
  });

  it('disagrees when a winner, the seed, a weight or the digest was changed; null before the draw', () => {
    const g = drawnGiveaway();
    const other = ENTRANTS.map((e) => e.id).find((id) => id !== g.winnerList[1]!.entrantId && id !== g.winnerList[0]!.entrantId)!;
    expect(verifyGiveawayDraw({ ...g, winnerList: [g.winnerList[0]!, { ...g.winnerList[1]!, entrantId: other }] })!.isWinnersMatching).toBe(false);
    expect(verifyGiveawayDraw({ ...g, draw: { ...g.draw, seed: SEED.replace(/6$/, '7') } })!.isSeedCommitted).toBe(false);
    expect(verifyGiveawayDraw({ ...g, draw: { ...g.draw, entrants: ENTRANTS.map((e) => ({ ...e, weight: 1 })) } })!.agrees).toBe(false);
    expect(verifyGiveawayDraw({ ...g, draw: { ...g.draw, entriesDigest: 'f'.repeat(64) } })!.isDigestMatching).toBe(false);
    expect(verifyGiveawayDraw({ ...g, draw: { ...g.draw, seed: null, rounds: [] } })).toBeNull();
  });
});
