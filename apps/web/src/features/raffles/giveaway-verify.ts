import type { Giveaway } from '@app/shared/api/giveaways';
import { verifyGiveawayRounds } from '@app/shared/domain/giveaway-draw';
import { raffleEntriesDigest, raffleSeedMatches } from '@app/shared/domain/raffle-draw';
import { giveawayTickets } from '@app/shared/domain/giveaway-draw';
import type { DrawVerification } from './raffle-verify';

/**
 * Recomputes a drawn chat giveaway from its published data, as the raffle Verify does: the seed
 * against its commitment, the entrants' tickets against the digest published at close, and every
 * draw round (the first and each redraw) with the shared draw. Null until the seed is published.
 */
export function verifyGiveawayDraw(giveaway: Giveaway): DrawVerification | null {
  const { seed, seedHash, entrants, entriesDigest, rounds } = giveaway.draw;
  if (seed === null || entrants === null || entriesDigest === null || rounds.length === 0) return null;
  const { recomputed } = verifyGiveawayRounds(seed, entrants, rounds);
  const isSeedCommitted = raffleSeedMatches(seed, seedHash);
  const isDigestMatching =
    raffleEntriesDigest(giveawayTickets(entrants)) === entriesDigest && recomputed.every((r, i) => r.entriesDigest === rounds[i]!.entriesDigest);
  // The announced winners (every pick, replaced ones too) in draw order against the recomputed rounds.
  const announced = [...giveaway.winnerList].sort((a, b) => a.round - b.round || a.position - b.position).map((w) => w.entrantId);
  const recomputedWinners = recomputed.flatMap((r) => r.winnerIds);
  const isWinnersMatching =
    announced.length === recomputedWinners.length &&
    announced.every((id, i) => id === recomputedWinners[i]) &&
    rounds.every((r, i) => r.winnerIds.join('\n') === recomputed[i]!.winnerIds.join('\n'));
  return { isSeedCommitted, isDigestMatching, isWinnersMatching, recomputedWinners, agrees: isSeedCommitted && isDigestMatching && isWinnersMatching };
}
