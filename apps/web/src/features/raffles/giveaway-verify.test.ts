import { describe, expect, it } from 'vitest';
import { drawnGiveaway, GIVEAWAY_ENTRANTS, GIVEAWAY_SEED } from '@/test/giveaway-fixtures';
import { verifyGiveawayDraw } from './giveaway-verify';

const SEED = GIVEAWAY_SEED;
const ENTRANTS = GIVEAWAY_ENTRANTS;

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
