import { and, asc, count, desc, eq } from 'drizzle-orm';
import { CRYPTO_CURRENCIES, type CompleteProfileBody, type Profile } from '@app/shared/api/profile';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { challengeClaims, ledgerEntries, levelUps, profilePartners, socialAccounts, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { payoutAddressChangedMail } from '../../mail/payout-address-mail.ts';
import { accountBannedError, ownRestrictions } from '../../platform/restrictions.ts';
import { verifyPassword } from '../auth/index.ts';
import { linkProfilePartners } from '../casino-accounts/index.ts';
import { accountsWithFigures } from '../casino-accounts/index.ts';
import { findUserById } from '../users/index.ts';
import { HISTORY_ITEMS, presentProfile, type PartnerRow } from './profile-presenter.ts';

async function loadPartners(db: Database, userId: string): Promise<PartnerRow[]> {
  return db
    .select({ partner: profilePartners.partner, username: profilePartners.username })
    .from(profilePartners)
    .where(eq(profilePartners.userId, userId))
    .orderBy(asc(profilePartners.position));
}

export async function getProfile(db: Database, userId: string, now: Date): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  if (user.bannedAt) throw accountBannedError();
  const [partners, restrictions, casinoAccounts, reached, social, ledger, won] = await Promise.all([
    loadPartners(db, userId),
    ownRestrictions(db, userId, now),
    accountsWithFigures(db, userId, now),
    db
      .select({ id: levelUps.id, level: levelUps.level, levelName: levelUps.levelName, createdAt: levelUps.createdAt })
      .from(levelUps)
      .where(eq(levelUps.userId, userId))
      .orderBy(desc(levelUps.createdAt))
      .limit(HISTORY_ITEMS),
    db
      .select({ platform: socialAccounts.platform, externalId: socialAccounts.externalId, username: socialAccounts.username })
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId)),
    db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        reason: ledgerEntries.reason,
        note: ledgerEntries.note,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.seq))
      .limit(HISTORY_ITEMS),
    db
      .select({ n: count() })
      .from(challengeClaims)
      .where(and(eq(challengeClaims.userId, userId), eq(challengeClaims.won, true))),
  ]);
  const challengesCompleted = Number(won[0]?.n ?? 0);
  return presentProfile(user, partners, now, restrictions, { casinoAccounts, levelUps: reached, socialAccounts: social, ledger, challengesCompleted });
}

/** What the profile save needs besides the database: the owner's notice mail. */
type ProfileDeps = { mailer: Mailer; log: FastifyBaseLogger; appOrigin: string };

const COLUMN = { btc: 'cryptoBtc', eth: 'cryptoEth', usdt: 'cryptoUsdt', sol: 'cryptoSol' } as const;
const LABEL = { btc: 'BTC', eth: 'ETH', usdt: 'USDT', sol: 'SOL' } as const;

/**
 * PATCH /api/profile/complete: replaces the partner usernames and the four addresses. A saved
 * address is where prizes are paid, so a bearer token alone cannot move it: changing or removing
 * one needs the current password, and the owner is mailed a notice after the change. A first
 * address (none saved) needs neither.
 */
export async function completeProfile(
  db: Database,
  userId: string,
  input: { partners: CompleteProfileBody['partners']; crypto: { btc?: string; eth?: string; usdt?: string; sol?: string }; currentPassword?: string },
  now: Date,
  deps: ProfileDeps,
): Promise<Profile> {
  // Checked before the transaction (argon2 is slow); a given password must be right, needed or not.
  let passwordOk = false;
  if (input.currentPassword !== undefined) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    passwordOk = row ? await verifyPassword(row.passwordHash, input.currentPassword) : false;
    if (!passwordOk) throw new AppError('CURRENT_PASSWORD_REQUIRED', 'The current password is not right.');
  }
  const next = { btc: input.crypto.btc ?? '', eth: input.crypto.eth ?? '', usdt: input.crypto.usdt ?? '', sol: input.crypto.sol ?? '' };
  const notice = await db.transaction(async (tx) => {
    // Locked: what counts as "saved" is decided on the row this save replaces.
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    const moved = CRYPTO_CURRENCIES.filter((c) => before[COLUMN[c]] !== '' && next[c] !== before[COLUMN[c]]);
    if (moved.length > 0 && !passwordOk) {
      throw new AppError('CURRENT_PASSWORD_REQUIRED', 'Enter your current password to change or remove a saved payout address.');
    }
    await tx
      .update(users)
      .set({ cryptoBtc: next.btc, cryptoEth: next.eth, cryptoUsdt: next.usdt, cryptoSol: next.sol, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.delete(profilePartners).where(eq(profilePartners.userId, userId));
    if (input.partners.length > 0) {
      await tx.insert(profilePartners).values(input.partners.map((p, position) => ({ userId, position, partner: p.partner, username: p.username })));
    }
    await linkProfilePartners(tx, userId, input.partners, now);
    return moved.length > 0
      ? payoutAddressChangedMail(
          before.email,
          before.username,
          moved.map((c) => ({ label: LABEL[c], address: next[c] })),
          deps.appOrigin,
        )
      : null;
  });
  if (notice) {
    // After the commit: the change stands even when the mail cannot be sent now.
    await deps.mailer.send(notice).catch((error: unknown) => deps.log.error({ err: error }, 'payout address notice mail failed'));
  }
  return getProfile(db, userId, now);
}
