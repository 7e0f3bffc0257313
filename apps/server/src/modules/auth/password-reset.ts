import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MINUTES } from '@app/shared/api/auth';
import { passwordResetTokens, recoveryCodes, userTotp, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { passwordChangedMail, passwordResetMail, resetLink } from '../../mail/password-mail.ts';
import { findUserByEmail } from '../users/index.ts';
import type { AuthDeps } from './auth-service.ts';
import { payWhatWaitedForVerification } from '../../platform/email-verified.ts';
import { hashPassword, isWeakPassword } from './passwords.ts';
import { endAllSessions } from './sessions.ts';
import { randomToken, sameDigest, sha256Hex } from './tokens.ts';

/**
 * Password reset (OWASP ASVS 4.0.3 V2.5): a link with 256 random bits, stored as SHA-256,
 * 30 minutes, single use; a newer link replaces the older ones. The reset applies the registration
 * rules, ends every session and mails a notice.
 */
export const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60 * 1000;

export const invalidResetToken = () => new AppError('INVALID_TOKEN', 'This reset link is invalid, already used or expired. Ask for a new one.');

/** Mails a reset link when the address has an account; nothing otherwise (the caller answers the same). */
export async function sendPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = randomToken();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      createdAt: now,
    });
  });
  const link = resetLink(deps.config.appOrigin, token);
  await deps.mailer.send(passwordResetMail(user.email, user.username, link));
  if (deps.mailer.kind === 'outbox') deps.log.info({ to: user.email }, 'password reset mail written to the outbox');
}

/**
 * Sets the new password with the token of a reset link. A weak password is refused before the token
 * is spent, so the person can try another with the same link.
 */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<void> {
  if (isWeakPassword(input.password)) {
    throw new AppError('WEAK_PASSWORD', 'This password is too common. Choose a less guessable one.');
  }
  const hash = sha256Hex(input.token);
  const [row] = await deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hash)).limit(1);
  if (!row || !sameDigest(row.tokenHash, hash) || row.usedAt || row.expiresAt.getTime() <= deps.clock.now().getTime()) throw invalidResetToken();
  const passwordHash = await hashPassword(input.password);
  // Hashing takes a while: the claim is checked against the time after it.
  const claimedAt = deps.clock.now();

  const user = await deps.db.transaction(async (tx) => {
    // The WHERE on used_at makes the claim atomic: of two concurrent resets only one wins.
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: claimedAt })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, claimedAt)))
      .returning({ id: passwordResetTokens.id });
    if (claimed.length === 0) return null;
    const [before] = await tx.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, row.userId));
    // An address verified only now was not the account's proven address before: a second factor
    // enrolled meanwhile may be whoever registered it (not the mailbox's owner), so it goes.
    if (before && !before.emailVerified) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.userId));
      await tx.delete(userTotp).where(eq(userTotp.userId, row.userId));
    }
    // The link came by mail: following it proves the address, as the verification link would.
    const [updated] = await tx.update(users).set({ passwordHash, emailVerified: true, updatedAt: claimedAt }).where(eq(users.id, row.userId)).returning();
    if (before && !before.emailVerified) await payWhatWaitedForVerification(tx, row.userId, claimedAt);
    return updated ?? null;
  });
  if (!user) throw invalidResetToken();
  await endAllSessions(deps.db, user.id, claimedAt);
  try {
    await deps.mailer.send(passwordChangedMail(user.email, user.username, deps.config.appOrigin));
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, 'the password-changed mail could not be sent');
  }
}
