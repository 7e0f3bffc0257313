import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailVerificationTokens, mfaChallenges, passwordResetTokens, refreshTokens } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { useTestApp } from '../../test/factories.ts';
import { makeUser } from '../../test/factories.ts';

const HOUR = 60 * 60 * 1000;
const hash = () => randomBytes(32).toString('hex');

describe(`expired one-time auth tokens are purged by the jobs (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-24T12:00:00.000Z');
  const t = useTestApp({}, { clock });

  it('drops rows expired more than a day ago and keeps recent, live and refresh-token rows', async () => {
    const user = await makeUser(t.app);
    const now = clock.now().getTime();
    // Expired 25 hours ago (purged), expired 1 hour ago (kept for a day), still valid (kept).
    const ages = { old: new Date(now - 25 * HOUR), recent: new Date(now - HOUR), live: new Date(now + HOUR) };
    for (const [label, expiresAt] of Object.entries(ages)) {
      await t.app.db.insert(emailVerificationTokens).values({ userId: user.id, tokenHash: `${label}-${hash()}`, expiresAt });
      await t.app.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: `${label}-${hash()}`, expiresAt });
      await t.app.db.insert(mfaChallenges).values({ userId: user.id, tokenHash: `${label}-${hash()}`, expiresAt });
    }
    // A long-expired, revoked refresh token stays: reuse detection must still recognise it.
    await t.app.db.insert(refreshTokens).values({
      userId: user.id,
      familyId: '00000000-0000-4000-8000-000000000001',
      tokenHash: `old-${hash()}`,
      expiresAt: ages.old,
      revokedAt: ages.old,
    });

    await t.app.runJobs();

    const prefixes = async (rows: Promise<{ tokenHash: string }[]>) => (await rows).map((r) => r.tokenHash.split('-')[0]).sort();
    expect(await prefixes(t.app.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id)))).toEqual(['live', 'recent']);
    expect(await prefixes(t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)))).toEqual(['live', 'recent']);
    expect(await prefixes(t.app.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id)))).toEqual(['live', 'recent']);
    expect(await prefixes(t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id)))).toEqual(['old']);

    // A day later the 'recent' rows are past retention too; running twice changes nothing more.
    clock.advance(24 * HOUR);
    await t.app.runJobs();
    await t.app.runJobs();
    expect(await prefixes(t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)))).toEqual(['live']);
    expect(await prefixes(t.app.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id)))).toEqual(['live']);
  });
});
