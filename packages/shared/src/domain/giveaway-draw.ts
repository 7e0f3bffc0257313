/**
 * The chat giveaway draw: the raffle draw (raffle-draw.ts) over a ticket list, nothing new.
 *
 * - Each entrant of the fixed list has a weight (1, or the subscriber luck 2 or 3 for a subscriber);
 *   the tickets are the entrants' public ids in entry order, each written `weight` times in a row.
 * - drawRaffleWinners(seed, tickets, tickets.length) orders every ticket (the raffle's digest and
 *   HMAC steps); the winners are the first `winners` distinct ids in that order. A weight-w entrant
 *   holds w tickets, so is w times as likely to come first, and never wins twice.
 * - A redraw (a winner who did not claim) is the same draw over the tickets of every entrant who has
 *   not won yet (earlier winners removed): its own digest, so its own order; its first id replaces.
 */
import { drawRaffleWinners } from './raffle-draw';

type GiveawayEntrant = { id: string; weight: number };

/** The tickets of a list of entrants: each id `weight` times, in entry order. */
export function giveawayTickets(entrants: readonly GiveawayEntrant[], excluded: readonly string[] = []): string[] {
  const skip = new Set(excluded);
  return entrants.filter((e) => !skip.has(e.id)).flatMap((e) => Array.from({ length: e.weight }, () => e.id));
}

type GiveawayDrawResult = { entriesDigest: string; winnerIds: string[] };

/** The winners (distinct ids, in draw order) of the tickets of `entrants` less `excluded`. */
export function drawGiveawayWinners(seed: string, entrants: readonly GiveawayEntrant[], winners: number, excluded: readonly string[] = []): GiveawayDrawResult {
  const tickets = giveawayTickets(entrants, excluded);
  const order = drawRaffleWinners(seed, tickets, tickets.length);
  const winnerIds: string[] = [];
  for (const id of order.winnerUids) {
    if (winnerIds.length >= winners) break;
    if (!winnerIds.includes(id)) winnerIds.push(id);
  }
  return { entriesDigest: order.entriesDigest, winnerIds };
}

/** One published draw: the first (round 0) or a redraw, with the ids it excluded and its result. */
export type GiveawayRound = { round: number; excluded: string[]; winners: number; entriesDigest: string; winnerIds: string[] };

/** Recomputes every published round from the seed and the entrants: true when each agrees. */
export function verifyGiveawayRounds(
  seed: string,
  entrants: readonly GiveawayEntrant[],
  rounds: readonly GiveawayRound[],
): { agrees: boolean; recomputed: GiveawayDrawResult[] } {
  const recomputed = rounds.map((r) => drawGiveawayWinners(seed, entrants, r.winners, r.excluded));
  const agrees = rounds.every(
    (r, i) =>
      recomputed[i]!.entriesDigest === r.entriesDigest &&
      recomputed[i]!.winnerIds.length === r.winnerIds.length &&
      recomputed[i]!.winnerIds.every((id, k) => id === r.winnerIds[k]),
  );
  return { agrees, recomputed };
}
