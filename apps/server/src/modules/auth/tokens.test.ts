import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/shared/api/auth';
import { ManualClock, systemClock } from '../../platform/clock.ts';
import { AccessTokens } from './tokens.ts';

const secret = new TextEncoder().encode('unit-secret-unit-secret-unit-secret-42');
const tokens = new AccessTokens(secret, systemClock);
const userId = '6f1c2d3e-4a5b-4c6d-8e7f-001122334455';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token with any header and claims, signed with `key` (HS256). */
function handMade(header: object, claims: object, key: Uint8Array = secret): string {
  const body = `${base64url(header)}.${base64url(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const goodClaims = () => ({ sub: userId, iss: 'rewards-hub', aud: 'rewards-hub-api', iat: now(), exp: now() + 60 });

describe('AccessTokens', () => {
  it('verifies the tokens it signs', async () => {
    expect(await tokens.verify(await tokens.sign(userId))).toBe(userId);
  });

  it('accepts a token jose signed with the same key and claims', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('rewards-hub')
      .setAudience(['other', 'rewards-hub-api'])
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(secret);
    expect(await tokens.verify(token)).toBe(userId);
  });

  it.each([
    ['another key', handMade({ alg: 'HS256', typ: 'JWT' }, goodClaims(), new TextEncoder().encode('another-secret-another-secret-0000'))],
    ['alg none', `${base64url({ alg: 'none' })}.${base64url(goodClaims())}.`],
    ['alg HS512 header', handMade({ alg: 'HS512' }, goodClaims())],
    ['a crit header', handMade({ alg: 'HS256', crit: ['b64'], b64: false }, goodClaims())],
    ['another typ', handMade({ alg: 'HS256', typ: 'at+jwt' }, goodClaims())],
    ['expired', handMade({ alg: 'HS256' }, { ...goodClaims(), exp: now() - 1 })],
    ['no exp', handMade({ alg: 'HS256' }, { ...goodClaims(), exp: undefined })],
    ['no iat', handMade({ alg: 'HS256' }, { ...goodClaims(), iat: undefined })],
    ['not yet valid', handMade({ alg: 'HS256' }, { ...goodClaims(), nbf: now() + 600 })],
    ['another issuer', handMade({ alg: 'HS256' }, { ...goodClaims(), iss: 'someone-else' })],
    ['another audience', handMade({ alg: 'HS256' }, { ...goodClaims(), aud: 'other-api' })],
    ['no subject', handMade({ alg: 'HS256' }, { ...goodClaims(), sub: undefined })],
    [
      'a payload that is not an object',
      (() => {
        const body = `${base64url({ alg: 'HS256' })}.${Buffer.from('"text"').toString('base64url')}`;
        return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
      })(),
    ],
    ['two parts', 'abc.def'],
    ['garbage', 'not a token at all'],
  ])('refuses a token with %s', async (_name, token) => {
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a changed payload and a changed or re-encoded signature', async () => {
    const token = await tokens.sign(userId);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = base64url({ ...goodClaims(), sub: '00000000-0000-4000-8000-000000000000' });
    expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    // The same 32 bytes in standard base64 (with padding) are not the canonical base64url.
    const padded = Buffer.from(signature, 'base64url').toString('base64');
    expect(await tokens.verify(`${header}.${payload}.${padded}`)).toBeNull();
  });

  it('writes iat and exp from its clock and checks them against it: a token expires when the clock passes 15 minutes', async () => {
    const clock = new ManualClock('2026-11-23T12:00:00.000Z');
    const timed = new AccessTokens(secret, clock);
    const token = await timed.sign(userId);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number };
    const issuedAt = Date.parse('2026-11-23T12:00:00.000Z') / 1000;
    expect(claims).toMatchObject({ iat: issuedAt, exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS });
    clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
    expect(await timed.verify(token)).toBe(userId);
    clock.advance(1000);
    expect(await timed.verify(token)).toBeNull();
  });
});
