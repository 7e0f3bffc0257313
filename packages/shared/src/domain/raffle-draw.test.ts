import { describe, expect, it } from 'vitest';
import { drawRaffleWinners, raffleDrawFloat, raffleEntriesDigest, raffleSeedMatches } from './raffle-draw';

// Vectors computed outside this code, with coreutils and OpenSSL:
//   printf 'RH-AAAAAAAA\nRH-BBBBBBBB\nRH-CCCCCCCC\nRH-DDDDDDDD\nRH-EEEEEEEE' | sha256sum
//   printf '%s' "$SEED" | sha256sum
//   printf '%s:%s' "$DIGEST" k | openssl dgst -sha256 -hmac "$SEED"      (k = 0, 1, 2)
// and the winners picked by hand from the first 4 bytes of each HMAC (float = bytes / 2^32).
const SEED = '3b1f0c5e9a7d2b4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9011223344556';
const SEED_HASH = 'a1387b5133641e7958e89cc211764471e8a9581c75670090d790684d0de5dbd7';
const ENTRANTS = ['RH-AAAAAAAA', 'RH-BBBBBBBB', 'RH-CCCCCCCC', 'RH-DDDDDDDD', 'RH-EEEEEEEE'];
const DIGEST = '2d55160ecc425415075e9b81f77223c521de4bc370e9ce831648aedca5491591';
// HMAC k=0 d18091571c..., k=1 14782a5c7c..., k=2 f4b8b84df3...
const FLOATS = [0xd1809157 / 2 ** 32, 0x14782a5c / 2 ** 32, 0xf4b8b84d / 2 ** 32];

describe('raffle draw', () => {
  it('commits to the seed with the SHA-256 of its hex text', () => {
    expect(raffleSeedMatches(SEED, SEED_HASH)).toBe(true);
    expect(raffleSeedMatches(SEED.replace(/6$/, '7'), SEED_HASH)).toBe(false);
  });

  it('digests the entrants in entry order joined with newlines', () => {
    expect(raffleEntriesDigest(ENTRANTS)).toBe(DIGEST);
    expect(raffleEntriesDigest([...ENTRANTS].reverse())).not.toBe(DIGEST);
  });

  it('turns the first 4 bytes of HMAC(seed, digest:k) into the float', () => {
    expect([0, 1, 2].map((k) => raffleDrawFloat(SEED, DIGEST, k))).toEqual(FLOATS);
  });

  it('reproduces the winners computed by hand', () => {
    // k=0: 0.8184 × 5 → index 4 (E); remaining A B C D.
    // k=1: 0.0800 × 4 → index 0 (A); remaining B C D.
    // k=2: 0.9559 × 3 → index 2 (D).
    const result = drawRaffleWinners(SEED, ENTRANTS, 3);
    expect(result).toEqual({ entriesDigest: DIGEST, winnerUids: ['RH-EEEEEEEE', 'RH-AAAAAAAA', 'RH-DDDDDDDD'], floats: FLOATS });
  });

  it('draws at most as many winners as there are entrants, and nobody twice', () => {
    expect(drawRaffleWinners(SEED, ENTRANTS, 10).winnerUids.slice().sort()).toEqual(ENTRANTS);
    expect(drawRaffleWinners(SEED, [], 3)).toEqual({ entriesDigest: raffleEntriesDigest([]), winnerUids: [], floats: [] });
    expect(drawRaffleWinners(SEED, ['RH-ONLY0001'], 1).winnerUids).toEqual(['RH-ONLY0001']);
  });
});
