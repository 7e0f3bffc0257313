import type { Raffle } from '@app/shared/api/raffles';
import { drawRaffleWinners, raffleSeedMatches } from '@app/shared/domain/raffle-draw';

export type DrawVerification = {
  /** SHA-256 of the published seed equals the commitment shown before anyone entered. */
  isSeedCommitted: boolean;
  /** The digest recomputed from the published entrant UIDs equals the published digest. */
  isDigestMatching: boolean;
  /** The winners recomputed in the browser equal the announced winners, in order. */
  isWinnersMatching: boolean;
  recomputedWinners: string[];
  agrees: boolean;
};

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * Recomputes a completed raffle's draw from its published data: the seed against its
 * commitment, the entrants against their digest, and the winners with the shared draw function.
 * Null while the draw's data is not published.
 */
export function verifyDraw(raffle: Raffle): DrawVerification | null {
  const { seed, seedHash, entrantUids, entriesDigest, winnerUids } = raffle.draw;
  if (seed === null || entrantUids === null || entriesDigest === null || winnerUids === null) return null;
  const recomputed = drawRaffleWinners(seed, entrantUids, raffle.winners);
  const announced = [...raffle.winnerList].sort((a, b) => a.position - b.position).map((w) => w.uid);
  const isSeedCommitted = raffleSeedMatches(seed, seedHash);
  const isDigestMatching = recomputed.entriesDigest === entriesDigest;
  const isWinnersMatching = sameList(recomputed.winnerUids, winnerUids) && sameList(recomputed.winnerUids, announced);
  return {
    isSeedCommitted,
    isDigestMatching,
    isWinnersMatching,
    recomputedWinners: recomputed.winnerUids,
    agrees: isSeedCommitted && isDigestMatching && isWinnersMatching,
  };
}
