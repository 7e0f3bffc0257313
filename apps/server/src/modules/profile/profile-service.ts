import { asc, eq, sql } from 'drizzle-orm';
import type { OwnRestriction } from '@app/shared/api/admin-users';
import type { CompleteProfileBody, Profile } from '@app/shared/api/profile';
import { levelForXp } from '@app/shared/domain/ranks';
import type { Database } from '../../db/client.ts';
import { profilePartners, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountBannedError, ownRestrictions } from '../admin/restrictions.ts';
import { presentUser } from '../users/user-presenter.ts';
import { findUserById, type UserRow } from '../users/users-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'November 21, 2026' (en-US, UTC, so every server formats alike). */
export function formatMemberSince(createdAt: Date): string {
  return createdAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Calendar days (UTC) from sign-up to now, counting both ends: 1 on the day of sign-up. */
export function daysActive(createdAt: Date, now: Date = new Date()): number {
  const start = Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth(), createdAt.getUTCDate());
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(1, Math.floor((today - start) / DAY_MS) + 1);
}

type PartnerRow = { partner: string; username: string };

/**
 * The profile the profile page reads (spec 1 §3). Level, levelName and levelProgress follow the
 * ranks of spec 2 §9 with XP = points (docs/decisions.md). Casino and social accounts and history
 * are not known to the server yet: empty lists, never sample data.
 */
export function presentProfile(
  user: UserRow,
  partners: PartnerRow[],
  now: Date = new Date(),
  restrictions: OwnRestriction[] = [],
): Profile {
  const level = levelForXp(user.points);
  return {
    ...presentUser(user),
    ...level,
    membership: { memberSinceFormatted: formatMemberSince(user.createdAt), daysActive: daysActive(user.createdAt, now) },
    profilePartners: partners.map((p) => ({ partner: p.partner, username: p.username })),
    crypto: { btc: user.cryptoBtc, eth: user.cryptoEth, usdt: user.cryptoUsdt, sol: user.cryptoSol },
    casinoAccounts: [],
    socialAccounts: [],
    historyData: [],
    stats: {
      totalPointsEarned: user.points,
      totalBonusesRedeemed: 0,
      challengesCompleted: 0,
      rafflesEntered: 0,
      currentRank: level.levelName,
    },
    restrictions,
  };
}

async function loadPartners(db: Database, userId: string): Promise<PartnerRow[]> {
  return db
    .select({ partner: profilePartners.partner, username: profilePartners.username })
    .from(profilePartners)
    .where(eq(profilePartners.userId, userId))
    .orderBy(asc(profilePartners.position));
}

export async function getProfile(db: Database, userId: string, now: Date = new Date()): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
  if (user.bannedAt) throw accountBannedError();
  return presentProfile(user, await loadPartners(db, userId), now, await ownRestrictions(db, userId, now));
}

/** PATCH /api/profile/complete: replaces the partner usernames and the four addresses. */
export async function completeProfile(
  db: Database,
  userId: string,
  input: { partners: CompleteProfileBody['partners']; crypto: { btc?: string; eth?: string; usdt?: string; sol?: string } },
): Promise<Profile> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({
        cryptoBtc: input.crypto.btc ?? '',
        cryptoEth: input.crypto.eth ?? '',
        cryptoUsdt: input.crypto.usdt ?? '',
        cryptoSol: input.crypto.sol ?? '',
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
    await tx.delete(profilePartners).where(eq(profilePartners.userId, userId));
    if (input.partners.length > 0) {
      await tx
        .insert(profilePartners)
        .values(input.partners.map((p, position) => ({ userId, position, partner: p.partner, username: p.username })));
    }
  });
  return getProfile(db, userId);
}
