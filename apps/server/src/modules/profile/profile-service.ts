import { asc, desc, eq } from 'drizzle-orm';
import type { CompleteProfileBody, Profile } from '@app/shared/api/profile';
import type { Database } from '../../db/client.ts';
import { ledgerEntries, levelUps, profilePartners, socialAccounts, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountBannedError, ownRestrictions } from '../admin/restrictions.ts';
import { linkProfilePartners } from '../casino-accounts/casino-accounts-service.ts';
import { accountsWithFigures } from '../casino-accounts/wager-figures.ts';
import { findUserById } from '../users/users-repository.ts';
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
  const [partners, restrictions, casinoAccounts, reached, social, ledger] = await Promise.all([
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
      .select({ id: ledgerEntries.id, amount: ledgerEntries.amount, reason: ledgerEntries.reason, note: ledgerEntries.note, createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.seq))
      .limit(HISTORY_ITEMS),
  ]);
  return presentProfile(user, partners, now, restrictions, { casinoAccounts, levelUps: reached, socialAccounts: social, ledger });
}

/** PATCH /api/profile/complete: replaces the partner usernames and the four addresses. */
export async function completeProfile(
  db: Database,
  userId: string,
  input: { partners: CompleteProfileBody['partners']; crypto: { btc?: string; eth?: string; usdt?: string; sol?: string } },
  now: Date,
): Promise<Profile> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({
        cryptoBtc: input.crypto.btc ?? '',
        cryptoEth: input.crypto.eth ?? '',
        cryptoUsdt: input.crypto.usdt ?? '',
        cryptoSol: input.crypto.sol ?? '',
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    await tx.delete(profilePartners).where(eq(profilePartners.userId, userId));
    if (input.partners.length > 0) {
      await tx
        .insert(profilePartners)
        .values(input.partners.map((p, position) => ({ userId, position, partner: p.partner, username: p.username })));
    }
    await linkProfilePartners(tx, userId, input.partners, now);
  });
  return getProfile(db, userId, now);
}
