import { maskUsername } from '@app/shared/api/races';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailVerificationTokens, users } from '../../db/schema.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { payWhatWaitedForVerification } from '../../platform/email-verified.ts';
import { randomToken, sameDigest, sha256Hex } from './tokens.ts';

/** Verification links expire after 24 hours (ARCHITECTURE: security settings). */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** A fresh verification token; every earlier unused one of the user stops working (a resend replaces the link). */
export async function createVerificationToken(db: Database, userId: string, now: Date): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
    await tx.insert(emailVerificationTokens).values({
      userId,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
      createdAt: now,
    });
  });
  return token;
}

/** Marks the e-mail verified; false for an unknown, used, replaced or expired token. */
export async function consumeVerificationToken(db: Database, token: string, now: Date): Promise<boolean> {
  const hash = sha256Hex(token);
  const [row] = await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, hash)).limit(1);
  if (!row || !sameDigest(row.tokenHash, hash) || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return false;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.id, row.id), isNull(emailVerificationTokens.usedAt)))
      .returning({ id: emailVerificationTokens.id });
    if (claimed.length === 0) return false;
    const [before] = await tx.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, row.userId)).for('update');
    await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, row.userId));
    if (before && !before.emailVerified) {
      await payWhatWaitedForVerification(tx, row.userId, now);
      const [member] = await tx.select({ uid: users.uid, username: users.username }).from(users).where(eq(users.id, row.userId));
      const name = maskUsername(member!.username);
      await enqueueWebhookEvent(tx, 'member.verified', { uid: member!.uid, username: name, summary: `${name} joined the community` }, now);
    }
    return true;
  });
}
