import { partnerName } from '@app/shared/api/casino-accounts';
import { levelForXp } from '@app/shared/domain/ranks';
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { casinoAccounts, levelUps, users, wagers } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { credit, creditMany, debit } from '../points/ledger.ts';

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
 * earning partners. Reaching a higher level than ever before writes a level_up history row.
 */
export async function refreshXp(tx: Tx, userId: string, at: Date): Promise<{ xp: number; levelUp: number | null }> {
  const [result] = await refreshXpMany(tx, [userId], at);
  return result ?? { xp: 0, levelUp: null };
}

const CHUNK = 5000;

/** `column IN (values)` with the values as one JSON parameter (thousands of bound parameters plan slowly). */
export function inJson(column: SQLWrapper, values: string[], type: 'uuid' | 'text'): SQL {
  return sql`${column} in (select value::${sql.raw(type)} from json_array_elements_text(${JSON.stringify(values)}::json))`;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** refreshXp for many users in a few set-based statements (an import touches tens of thousands). */
export async function refreshXpMany(
  tx: Tx,
  userIds: string[],
  at: Date,
  /** Account totals already summed by the caller (account id → cents), to skip summing them again. */
  known: Map<string, number> = new Map(),
): Promise<{ userId: string; xp: number; levelUp: number | null }[]> {
  const out: { userId: string; xp: number; levelUp: number | null }[] = [];
  for (const ids of chunks([...new Set(userIds)].sort())) {
    const before = await tx.select({ id: users.id, xp: users.xp }).from(users).where(inJson(users.id, ids, 'uuid')).orderBy(asc(users.id)).for('update');
    // The users' verified earning accounts; the totals of accounts the caller summed are reused,
    // the others summed here.
    const accounts = await tx
      .select({ id: casinoAccounts.id, userId: casinoAccounts.userId })
      .from(casinoAccounts)
      .where(and(inJson(casinoAccounts.userId, ids, 'uuid'), eq(casinoAccounts.state, 'verified'), sql`${casinoAccounts.partner} <> 'duelbits'`));
    const unknown = accounts.filter((a) => !known.has(a.id)).map((a) => a.id);
    const summed = new Map<string, number>();
    if (unknown.length > 0) {
      const rows = await tx
        .select({ id: casinoAccounts.id, cents: sql<string>`coalesce(sum(${wagers.cents}), 0)` })
        .from(casinoAccounts)
        .innerJoin(wagers, and(eq(wagers.partner, casinoAccounts.partner), eq(wagers.usernameKey, sql`lower(${casinoAccounts.username})`)))
        .where(inJson(casinoAccounts.id, unknown, 'uuid'))
        .groupBy(casinoAccounts.id);
      for (const r of rows) summed.set(r.id, Number(r.cents));
    }
    const centsOf = new Map<string, number>();
    for (const a of accounts) centsOf.set(a.userId, (centsOf.get(a.userId) ?? 0) + (known.get(a.id) ?? summed.get(a.id) ?? 0));
    const changed = before
      .map((b) => ({ id: b.id, from: b.xp, to: wholeDollars(centsOf.get(b.id) ?? 0) }))
      .filter((c) => c.to !== c.from);
    if (changed.length === 0) {
      out.push(...before.map((b) => ({ userId: b.id, xp: b.xp, levelUp: null })));
      continue;
    }
    const payload = JSON.stringify(changed.map((c) => ({ id: c.id, xp: c.to })));
    await tx.execute(sql`update ${users} set xp = v.xp from json_to_recordset(${payload}::json) as v(id uuid, xp bigint) where ${users.id} = v.id`);
    // A level reached before (and lost to a correction) is not reached again.
    const reached = await tx
      .select({ userId: levelUps.userId, level: sql<number>`max(${levelUps.level})` })
      .from(levelUps)
      .where(inJson(levelUps.userId, changed.map((c) => c.id), 'uuid'))
      .groupBy(levelUps.userId);
    const reachedOf = new Map(reached.map((r) => [r.userId, Number(r.level)]));
    const ups = changed
      .map((c) => ({ ...c, level: levelForXp(c.to), highest: Math.max(levelForXp(c.from).level, reachedOf.get(c.id) ?? 0) }))
      .filter((c) => c.level.level > c.highest);
    if (ups.length > 0) {
      await tx.insert(levelUps).values(ups.map((u) => ({ userId: u.id, level: u.level.level, levelName: u.level.levelName, xp: u.to, createdAt: at })));
    }
    const upOf = new Map(ups.map((u) => [u.id, u.level.level]));
    const toOf = new Map(changed.map((c) => [c.id, c.to]));
    out.push(...before.map((b) => ({ userId: b.id, xp: toOf.get(b.id) ?? b.xp, levelUp: upOf.get(b.id) ?? null })));
  }
  return out;
}

/**
 * creditAccount for many accounts at once (an import or a sync), in a few set-based statements:
 * accounts locked in id order, their stored totals summed in one query, every rise credited through
 * ledger.creditMany, XP refreshed for their owners. The rare downward correction goes through
 * creditAccount one by one. Returns the points credited.
 */
export async function creditAccounts(tx: Tx, accountIds: string[], at: Date): Promise<number> {
  let credited = 0;
  const corrections: string[] = [];
  const owners = new Set<string>();
  const totals = new Map<string, number>();
  for (const ids of chunks([...new Set(accountIds)].sort())) {
    const accounts = await tx.select().from(casinoAccounts).where(inJson(casinoAccounts.id, ids, 'uuid')).orderBy(asc(casinoAccounts.id)).for('update');
    const earning = accounts.filter((a) => a.state === 'verified' && a.partner !== 'duelbits');
    if (earning.length === 0) continue;
    const sums = await tx
      .select({ id: casinoAccounts.id, cents: sql<string>`coalesce(sum(${wagers.cents}), 0)` })
      .from(casinoAccounts)
      .leftJoin(wagers, and(eq(wagers.partner, casinoAccounts.partner), eq(wagers.usernameKey, sql`lower(${casinoAccounts.username})`)))
      .where(inJson(casinoAccounts.id, earning.map((a) => a.id), 'uuid'))
      .groupBy(casinoAccounts.id);
    const centsOf = new Map(sums.map((r) => [r.id, Number(r.cents)]));
    for (const [id, cents] of centsOf) totals.set(id, cents);
    const rises: { account: (typeof earning)[number]; diff: number }[] = [];
    for (const account of earning) {
      const diff = wholeDollars(centsOf.get(account.id) ?? 0) - account.creditedDollars;
      if (diff > 0) rises.push({ account, diff });
      else if (diff < 0) corrections.push(account.id);
      owners.add(account.userId);
    }
    // creditMany takes each user once: a user with rises at two partners is paid in two rounds.
    let pending = rises;
    while (pending.length > 0) {
      const seen = new Set<string>();
      const round: typeof rises = [];
      const rest: typeof rises = [];
      for (const r of pending) {
        if (seen.has(r.account.userId)) rest.push(r);
        else {
          seen.add(r.account.userId);
          round.push(r);
        }
      }
      pending = rest;
      credited += await creditMany(
        tx,
        round.map((r) => ({
          userId: r.account.userId,
          amount: r.diff,
          refId: r.account.id,
          note: `$${r.diff.toLocaleString('en-US')} wagered at ${partnerName(r.account.partner)} (${r.account.username})`,
        })),
        { reason: 'wager_credit', refType: 'wager', at },
      );
      const payload = JSON.stringify(round.map((r) => ({ id: r.account.id, credited: r.account.creditedDollars + r.diff })));
      await tx.execute(
        sql`update ${casinoAccounts} set credited_dollars = v.credited, updated_at = ${at.toISOString()}::timestamptz from json_to_recordset(${payload}::json) as v(id uuid, credited bigint) where ${casinoAccounts.id} = v.id`,
      );
    }
  }
  for (const id of corrections) await creditAccount(tx, id, at);
  await refreshXpMany(tx, [...owners], at, totals);
  return credited;
}
