import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { isCommonPassword } from './common-passwords.ts';

/**
 * argon2id with OWASP's parameters, set explicitly (ARCHITECTURE: security settings):
 * m = 19456 KiB, t = 2, p = 1. @node-rs/argon2 hashes on its own thread pool, off the event loop.
 */
export const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the enum is a `const enum` in the typings, which isolated modules cannot inline.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash (never throws for those). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret with the same parameters: a login for an unknown account verifies
 * against it, so it spends the same time as a wrong password for a real one (no enumeration by timing).
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/** A password needs at least 8 characters (the schema checks those) and must not be on the common-password list (this checks that). */
export function isWeakPassword(password: string): boolean {
  return isCommonPassword(password);
}
