import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../../db/client.ts';
import { mfaChallenges, recoveryCodes, userTotp } from '../../db/schema.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/**
 * Two-factor sign-in (RFC 6238 TOTP through otplib, OWASP ASVS 4.0.3 V2.8): enrolment,
 * codes checked once (the last accepted time step is kept per user, so a replayed code fails),
 * ten single-use recovery codes stored as SHA-256, and the short-lived mfaToken of a login's
 * second step. Secrets are stored sealed (AES-256-GCM, the stored-secrets box of the wager sync keys)
 * with the user id as associated data, so a database read alone yields no authenticator.
 */

/** The associated data of a user's sealed TOTP secret: a secret copied to another user's row does not open. */
const totpContext = (userId: string) => `user-totp:${userId}`;

/** The stored (sealed) form of a secret. */
export function sealTotpSecret(box: SecretBox, userId: string, secret: string): string {
  return box.seal(secret, totpContext(userId));
}

/** The plain secret of a stored row (a row written before secrets were sealed is read as it is). */
export function openTotpSecret(box: SecretBox, row: Pick<TotpRow, 'userId' | 'secret'>): string {
  return box.open(row.secret, totpContext(row.userId));
}

/** Seals the secrets stored in plain text before sealing began; the number sealed. Run at start, idempotent. */
export async function sealPlainTotpSecrets(db: Database, box: SecretBox): Promise<number> {
  const rows = await db.select({ userId: userTotp.userId, secret: userTotp.secret }).from(userTotp);
  let sealed = 0;
  for (const row of rows) {
    if (box.isSealed(row.secret)) continue;
    // The WHERE on the old value leaves a row alone that changed meanwhile (a new enrolment).
    const updated = await db
      .update(userTotp)
      .set({ secret: sealTotpSecret(box, row.userId, row.secret) })
      .where(and(eq(userTotp.userId, row.userId), eq(userTotp.secret, row.secret)))
      .returning({ userId: userTotp.userId });
    sealed += updated.length;
  }
  return sealed;
}

export const TOTP_ISSUER = 'Rewards Hub';
/** One step of clock drift either way. */
const EPOCH_TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one mfaToken takes before it stops working (the login must start again). */
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 80 random bits as XXXX-XXXX-XXXX-XXXX (base32). */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  let text = '';
  for (let i = 0; i < 16; i += 1) text += BASE32[bytes[i]! % 32];
  return text.match(/.{4}/g)!.join('-');
}

function normalizeRecoveryCode(code: string): string {
  return code.replace(/[^A-Za-z2-7]/g, '').toUpperCase();
}

export type TotpRow = typeof userTotp.$inferSelect;

export async function findTotp(db: Database, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

export async function isTotpEnabled(db: Database, userId: string): Promise<boolean> {
  const row = await findTotp(db, userId);
  return Boolean(row?.enabledAt);
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Starts (or restarts) an enrolment: a new secret that counts only once a code confirms it. */
export async function beginEnrolment(db: Database, box: SecretBox, userId: string, label: string, now: Date): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = generateSecret();
  const stored = sealTotpSecret(box, userId, secret);
  await db
    .insert(userTotp)
    .values({ userId, secret: stored, createdAt: now })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret: stored, enabledAt: null, lastTimeStep: null, createdAt: now } });
  return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label, secret }) };
}

/**
 * Turns two-factor sign-in on with a preset secret (ADMIN_TOTP_SECRET). The configured secret
 * replaces whatever was there, recovery codes included: codes made for an earlier secret (perhaps
 * someone else's enrolment) would still open the account.
 */
export async function presetTotp(db: Database, box: SecretBox, userId: string, secret: string, now: Date): Promise<void> {
  const existing = await findTotp(db, userId);
  if (existing?.enabledAt && box.isSealed(existing.secret) && openTotpSecret(box, existing) === secret) return;
  const stored = sealTotpSecret(box, userId, secret);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(userTotp)
      .values({ userId, secret: stored, enabledAt: now, createdAt: now })
      .onConflictDoUpdate({ target: userTotp.userId, set: { secret: stored, enabledAt: now, lastTimeStep: null } });
  });
}

/**
 * Checks a six-digit code against the user's secret and records its time step, so the same code
 * (or an older one) is refused next time. The update's WHERE makes two concurrent uses of one
 * code succeed once.
 */
async function useTotpCode(db: Database, box: SecretBox, row: TotpRow, code: string, now: Date): Promise<boolean> {
  let result: Awaited<ReturnType<typeof verify>>;
  try {
    result = await verify({
      secret: openTotpSecret(box, row),
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(row.lastTimeStep !== null ? { afterTimeStep: row.lastTimeStep } : {}),
    });
  } catch {
    return false;
  }
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const claimed = await db
    .update(userTotp)
    .set({ lastTimeStep: step })
    .where(and(eq(userTotp.userId, row.userId), or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, step))))
    .returning({ userId: userTotp.userId });
  return claimed.length > 0;
}

async function useRecoveryCode(db: Database, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256Hex(normalizeRecoveryCode(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** A code of the user's active second factor: TOTP (six digits) or an unused recovery code. */
export async function useSecondFactor(db: Database, box: SecretBox, userId: string, code: string, now: Date): Promise<boolean> {
  const row = await findTotp(db, userId);
  if (!row?.enabledAt) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) return useTotpCode(db, box, row, trimmed, now);
  return useRecoveryCode(db, userId, trimmed, now);
}

/** Confirms a pending enrolment with a code of its secret; returns the ten recovery codes (shown once), or null for a wrong code. */
export async function confirmEnrolment(db: Database, box: SecretBox, userId: string, code: string, now: Date): Promise<string[] | null> {
  const row = await findTotp(db, userId);
  if (!row || row.enabledAt || !/^\d{6}$/.test(code.trim())) return null;
  if (!(await useTotpCode(db, box, row, code.trim(), now))) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await db.transaction(async (tx) => {
    const updated = await tx
      .update(userTotp)
      .set({ enabledAt: now })
      .where(and(eq(userTotp.userId, userId), eq(userTotp.secret, row.secret), isNull(userTotp.enabledAt)))
      .returning({ userId: userTotp.userId });
    if (updated.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256Hex(normalizeRecoveryCode(c)), createdAt: now })));
    return true;
  });
  return enabled ? codes : null;
}

/** Turns two-factor sign-in off (after a good code): the secret and recovery codes are deleted. */
export async function disableTotp(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  });
}

/** The mfaToken of a login whose password was right: 5 minutes, single use. */
export async function createMfaChallenge(db: Database, userId: string, persistent: boolean, now: Date): Promise<string> {
  const token = randomToken();
  await db.insert(mfaChallenges).values({
    userId,
    tokenHash: sha256Hex(token),
    persistent,
    expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS),
    createdAt: now,
  });
  return token;
}

export type Challenge = typeof mfaChallenges.$inferSelect;

/** The open challenge of a token: unknown, used, expired or worn out (too many wrong codes) give null. */
export async function findOpenChallenge(db: Database, token: string, now: Date): Promise<Challenge | null> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(eq(mfaChallenges.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime() || row.attempts >= MFA_CHALLENGE_MAX_ATTEMPTS) return null;
  return row;
}

/**
 * Claims one of the challenge's five code checks, before the code is checked: one conditional
 * update, so of concurrent requests at most the remaining checks get through. False when the
 * challenge is worn out, spent or expired.
 */
export async function claimChallengeAttempt(db: Database, challengeId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.id, challengeId),
        lt(mfaChallenges.attempts, MFA_CHALLENGE_MAX_ATTEMPTS),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .returning({ id: mfaChallenges.id });
  return claimed.length > 0;
}

/** Spends the challenge; false when another request spent it first. */
export async function closeChallenge(db: Database, challengeId: string, now: Date): Promise<boolean> {
  const closed = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return closed.length > 0;
}
