/**
 * The verifiable raffle draw. Pure and shared: the server draws with it and the raffle
 * dialog's Verify section recomputes the winners in the browser.
 *
 * - seedHash = SHA-256 (hex) of the seed's hex text (UTF-8), published at creation.
 * - entriesDigest = SHA-256 (hex) of the entrants' public UIDs in entry order, joined with '\n'.
 * - for k = 0, 1, ... (winners, or entrants if fewer): HMAC-SHA256(key = the seed's hex text,
 *   message = `${entriesDigest}:${k}`); its first 4 bytes make a float as provably-fair.md does;
 *   the winner is remaining[floor(float * remaining.length)], removed from remaining.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToFloat, sha256Hex } from '../fairness/engine';

/** SHA-256 (hex) of the entrants' UIDs in entry order joined with '\n'. */
export function raffleEntriesDigest(entrantUids: readonly string[]): string {
  return sha256Hex(entrantUids.join('\n'));
}

/** The float of draw step k: the first 4 bytes of HMAC-SHA256(seed text, `${digest}:${k}`). */
export function raffleDrawFloat(seed: string, entriesDigest: string, k: number): number {
  const mac = hmac(sha256, utf8ToBytes(seed), utf8ToBytes(`${entriesDigest}:${k}`));
  return bytesToFloat(mac[0]!, mac[1]!, mac[2]!, mac[3]!);
}

type RaffleDrawResult = { entriesDigest: string; winnerUids: string[]; floats: number[] };

/** The winners of a raffle, in draw order, from the seed and the entrants' UIDs in entry order. */
export function drawRaffleWinners(seed: string, entrantUids: readonly string[], winners: number): RaffleDrawResult {
  const entriesDigest = raffleEntriesDigest(entrantUids);
  const remaining = [...entrantUids];
  const winnerUids: string[] = [];
  const floats: number[] = [];
  const count = Math.min(winners, remaining.length);
  for (let k = 0; k < count; k += 1) {
    const f = raffleDrawFloat(seed, entriesDigest, k);
    floats.push(f);
    const [winner] = remaining.splice(Math.floor(f * remaining.length), 1);
    winnerUids.push(winner!);
  }
  return { entriesDigest, winnerUids, floats };
}

/** Does the published seed match the commitment shown before anyone entered? */
export function raffleSeedMatches(seed: string, seedHash: string): boolean {
  return sha256Hex(seed) === seedHash;
}
