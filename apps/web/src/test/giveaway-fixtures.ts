import type { Giveaway } from '@app/shared/api/giveaways';
import { drawGiveawayWinners } from '@app/shared/domain/giveaway-draw';
import { raffleEntriesDigest } from '@app/shared/domain/raffle-draw';
import { sha256Hex } from '@app/shared/fairness/engine';

/** A drawn chat giveaway (a first draw and a redraw) whose published data verifies, for the web's tests. */
export const GIVEAWAY_SEED = '3b1f0c5e9a7d2b4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9011223344556';
export const GIVEAWAY_ENTRANTS = [
  { id: 'RH-AAAAAAAA', weight: 1 },
  { id: 'KICK-555', weight: 3 },
  { id: 'RH-CCCCCCCC', weight: 1 },
];

export function drawnGiveaway(): Giveaway {
  const first = drawGiveawayWinners(GIVEAWAY_SEED, GIVEAWAY_ENTRANTS, 1);
  const redraw = drawGiveawayWinners(GIVEAWAY_SEED, GIVEAWAY_ENTRANTS, 1, first.winnerIds);
  const tickets = GIVEAWAY_ENTRANTS.flatMap((e) => Array.from({ length: e.weight }, () => e.id));
  return {
    id: 'g1',
    number: 1,
    prize: '100 points',
    prizePoints: 100,
    keyword: '!join',
    winners: 1,
    entryMode: 'anyone',
    subscriberLuck: 3,
    status: 'Completed',
    opensAt: '2026-11-24T12:00:00.000Z',
    closesAt: '2026-11-24T12:02:00.000Z',
    closedAt: '2026-11-24T12:02:00.000Z',
    drawnAt: '2026-11-24T12:02:00.000Z',
    entries: 3,
    isTest: false,
    draw: {
      seedHash: sha256Hex(GIVEAWAY_SEED),
      seed: GIVEAWAY_SEED,
      entrants: GIVEAWAY_ENTRANTS,
      entriesDigest: raffleEntriesDigest(tickets),
      bannedExcluded: 0,
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
