import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, webcrypto, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/shared/api/auth';
import type { Clock } from '../../platform/clock.ts';

/** 256 random bits, base64url: refresh tokens and e-mail verification tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256 (hex). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const ISSUER = 'rewards-hub';
const AUDIENCE = 'rewards-hub-api';

type Claims = Record<string, unknown>;

/** What an access token says beyond its user: the session it belongs to, and whether that session passed the second factor. */
export type SessionClaims = { sid?: string | undefined; mfa?: boolean | undefined };
export type VerifiedAccess = { userId: string; sessionId: string | null; mfa: boolean };

function decodeJson(part: string): Claims | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Claims) : null;
  } catch {
    return null;
  }
}

/**
 * HS256 access tokens, 15 minutes, algorithm pinned on verify. jose signs them; every
 * authenticated request verifies one, so verification is done here with node:crypto's HMAC on a
 * key prepared once (jose imports raw key bytes again through WebCrypto on every call, which was
 * a third of GET /api/auth/me's own work, measured on the request benchmark). It checks what
 * jose's jwtVerify checked: the signature, alg HS256 and no `crit`, iss, aud, exp, iat and sub, and
 * nbf when present. Both sides read the app's clock: iat and exp are written from it (jose's own
 * defaults read the system time), and exp and nbf are checked against it.
 */
export class AccessTokens {
  private readonly hmacKey: KeyObject;
  private readonly signingKey: Promise<webcrypto.CryptoKey>;
  private readonly clock: Clock;

  constructor(secret: Uint8Array, clock: Clock) {
    this.clock = clock;
    this.hmacKey = createSecretKey(secret);
    this.signingKey = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  }

  /** A token of `ttlSeconds` (15 minutes; only the test factories ask for longer ones). */
  async sign(userId: string, session: SessionClaims = {}, ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const claims: Claims = {};
    if (session.sid) claims.sid = session.sid;
    if (session.mfa) claims.mfa = true;
    const issuedAt = this.epochSeconds();
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(await this.signingKey);
  }

  private epochSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  /** The user id, or null for a bad, expired or foreign token. */
  async verify(token: string): Promise<string | null> {
    return this.verifySync(token)?.userId ?? null;
  }

  /** The user, session and second-factor claims of a valid token; null for a bad, expired or foreign one. */
  async verifyClaims(token: string): Promise<VerifiedAccess | null> {
    return this.verifySync(token);
  }

  private verifySync(token: string): VerifiedAccess | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const expected = createHmac('sha256', this.hmacKey).update(`${headerPart}.${payloadPart}`).digest();
    const given = Buffer.from(signaturePart, 'base64url');
    // Only the canonical encoding of the right 32 bytes is accepted.
    if (given.length !== expected.length || given.toString('base64url') !== signaturePart || !timingSafeEqual(given, expected)) {
      return null;
    }
    const header = decodeJson(headerPart);
    const payload = decodeJson(payloadPart);
    if (!header || !payload) return null;
    if (header.alg !== 'HS256' || header.crit !== undefined || (header.typ !== undefined && header.typ !== 'JWT')) return null;
    const now = this.epochSeconds();
    const { iss, aud, exp, iat, nbf, sub } = payload;
    if (iss !== ISSUER) return null;
    if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
    if (typeof exp !== 'number' || exp <= now) return null;
    if (typeof iat !== 'number') return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
    if (typeof sub !== 'string' || sub.length === 0) return null;
    return { userId: sub, sessionId: typeof payload.sid === 'string' ? payload.sid : null, mfa: payload.mfa === true };
  }
}
