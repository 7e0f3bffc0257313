/**
 * Provably-fair engine: exactly /work/shared/games/provably-fair.md (Stake's published scheme).
 * Synchronous, pure and shared by the browser and Node (HMAC-SHA256 / SHA-256 from @noble/hashes).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export type SeedInput = { serverSeed: string; clientSeed: string; nonce: number };

/** Bytes of block `round`: HMAC-SHA256(key = serverSeed text, message = `${clientSeed}:${nonce}:${round}`). */
function hmacBlock(seeds: SeedInput, round: number): Uint8Array {
  return hmac(sha256, utf8ToBytes(seeds.serverSeed), utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round}`));
}

/** Block `round` as 64 lowercase hex characters. */
export function hmacBlockHex(seeds: SeedInput, round: number): string {
  return bytesToHex(hmacBlock(seeds, round));
}

/** Float from 4 bytes: b0/256 + b1/256^2 + b2/256^3 + b3/256^4, in [0, 1). Exact in a JS number. */
export function bytesToFloat(b0: number, b1: number, b2: number, b3: number): number {
  return b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
}

/** The first `count` floats of the byte stream (block 0, block 1, ...; 8 floats per block). */
export function floats(seeds: SeedInput, count: number): number[] {
  const out: number[] = [];
  let round = 0;
  while (out.length < count) {
    const block = hmacBlock(seeds, round);
    for (let i = 0; i < 32 && out.length < count; i += 4) {
      out.push(bytesToFloat(block[i]!, block[i + 1]!, block[i + 2]!, block[i + 3]!));
    }
    round += 1;
  }
  return out;
}

/** Number of HMAC blocks needed for `count` floats. */
export function blocksForFloats(count: number): number {
  return Math.ceil(count / 8);
}

/** SHA-256 of the UTF-8 text, as lowercase hex. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** 32 random bytes as 64 lowercase hex characters. */
export function randomServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** A random default client seed (10 hex characters, the shape Stake uses). */
export function randomClientSeed(): string {
  return bytesToHex(randomBytes(5));
}
