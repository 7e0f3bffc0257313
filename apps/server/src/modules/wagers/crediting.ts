import { partnerName } from '@app/shared/api/casino-accounts';
import { levelForXp } from '@app/shared/domain/ranks';
import { and, eq, sql } from 'drizzle-orm';
import { casinoAccounts, levelUps, users, wagers } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { credit, debit } from '../points/ledger.ts';

/**
 * Wager crediting (issue 11): a verified account earns 1 point per whole $1 of its stored wagers,
 * through the ledger. The account keeps how many dollars it has been paid (credited_dollars), so
 * a rerun pays only the difference: idempotent by construction. A downward correction takes the
 * difference back (reason wager_credit, negative), never below a zero balance; what cannot be taken
 * back stays counted as paid, so later rises pay only above it.
 */

export type CreditOutcome = { userId: string; credited: number; reclaimed: number };

/** Cents to whole dollars, rounding down. */
function wholeDollars(cents: number): number {
  return Math.floor(cents / 100);
}

async function sumCents(tx: Tx, partner: string, username: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${wagers.cents}), 0)` })
    .from(wagers)
    .where(and(eq(wagers.partner, partner), eq(wagers.usernameKey, username.toLowerCase())));
  return Number(row?.cents ?? 0);
}

/**
 * Brings one account's points in line with its stored wagers, in the caller's transaction. Locks
 * the account row first (then the user row, through the ledger): callers touching several accounts
 * go in (user id, account id) order so two runs never wait on each other in a circle.
 */
export async function creditAccount(tx: Tx, accountId: string, at: Date): Promise<CreditOutcome | null> {
  const [account] = await tx.select().from(casinoAccounts).where(eq(casinoAccounts.id, accountId)).for('update');
  if (!account || account.state !== 'verified' || account.partner === 'duelbits') return null;
  const earned = wholeDollars(await sumCents(tx, account.partner, account.username));
  const diff = earned - account.creditedDollars;
  let credited = 0;
  let reclaimed = 0;
  const platform = partnerName(account.partner);
  if (diff > 0) {
    await credit(tx, {
      userId: account.userId,
      amount: diff,
      reason: 'wager_credit',
      refType: 'wager',
      refId: account.id,
      note: `$${diff.toLocaleString('en-US')} wagered at ${platform} (${account.username})`,
      at,
    });
    credited = diff;
  } else if (diff < 0) {
    const [owner] = await tx.select({ points: users.points }).from(users).where(eq(users.id, account.userId)).for('update');
    const take = Math.min(-diff, owner?.points ?? 0);
    if (take > 0) {
      await debit(tx, {
        userId: account.userId,
        amount: take,
        reason: 'wager_credit',
        refType: 'wager',
        refId: account.id,
        note: `Wager correction at ${platform} (${account.username}): $${(-diff).toLocaleString('en-US')} less`,
        at,
      });
    }
    reclaimed = take;
  }
  if (credited > 0 || reclaimed > 0) {
    await tx
      .update(casinoAccounts)
      .set({ creditedDollars: account.creditedDollars + credited - reclaimed, updatedAt: at })
      .where(eq(casinoAccounts.id, account.id));
  }
  await refreshXp(tx, account.userId, at);
  return { userId: account.userId, credited, reclaimed };
}

/**
 * XP = lifetime verified wager in whole dollars (issue 11), over the user's verified accounts at
 * earning partners. Reaching a higher level writes a level_up history row.
 */
export async function refreshXp(tx: Tx, userId: string, at: Date): Promise<{ xp: number; levelUp: number | null }> {
  const [before] = await tx.select({ xp: users.xp }).from(users).where(eq(users.id, userId)).for('update');
  if (!before) return { xp: 0, levelUp: null };
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${wagers.cents}), 0)` })
    .from(casinoAccounts)
    .innerJoin(wagers, and(eq(wagers.partner, casinoAccounts.partner), eq(wagers.usernameKey, sql`lower(${casinoAccounts.username})`)))
    .where(and(eq(casinoAccounts.userId, userId), eq(casinoAccounts.state, 'verified'), sql`${casinoAccounts.partner} <> 'duelbits'`));
  const xp = wholeDollars(Number(row?.cents ?? 0));
  if (xp === before.xp) return { xp, levelUp: null };
  await tx.update(users).set({ xp }).where(eq(users.id, userId));
  // A level reached before (and lost to a correction) is not reached again.
  const [reached] = await tx.select({ level: sql<number | null>`max(${levelUps.level})` }).from(levelUps).where(eq(levelUps.userId, userId));
  const highest = Math.max(levelForXp(before.xp).level, Number(reached?.level ?? 0));
  const to = levelForXp(xp);
  if (to.level <= highest) return { xp, levelUp: null };
  await tx.insert(levelUps).values({ userId, level: to.level, levelName: to.levelName, xp, createdAt: at });
  return { xp, levelUp: to.level };
}
