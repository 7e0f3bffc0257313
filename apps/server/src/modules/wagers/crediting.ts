import { EARNING_PARTNER_IDS, partnerEarns, partnerName } from '@app/shared/api/casino-accounts';
import { levelForXp } from '@app/shared/domain/ranks';
import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { casinoAccounts, levelUps, users, wagers } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { credit, creditMany, debitUpTo } from '../../platform/ledger.ts';
import { notifyLevelsReached } from '../notifications/index.ts';

/**
 * Wager crediting (docs/decisions.md, casino accounts and XP): a verified account at a partner that
 * earns (the shared partner list's `earns` flag) earns 1 point per whole $1 of its stored wagers,
 * through the ledger. The account keeps how many dollars it has been paid (credited_dollars), so
 * a rerun pays only the difference: idempotent by construction. A downward correction takes the
 * difference back (reason wager_credit, negative), never below a zero balance; what cannot be taken
 * back stays counted as paid, so later rises pay only above it.
 */

type CreditOutcome = { userId: string; credited: number; reclaimed: number };

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
  if (!account || account.state !== 'verified' || !partnerEarns(account.partner)) return null;
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
    const taken = await debitUpTo(tx, {
      userId: account.userId,
      amount: -diff,
      reason: 'wager_credit',
      refType: 'wager',
      refId: account.id,
      note: `Wager correction at ${platform} (${account.username}): $${(-diff).toLocaleString('en-US')} less`,
      at,
    });
    reclaimed = taken?.taken ?? 0;
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
 * XP = lifetime verified wager in whole dollars (spec 2 §9 ranks are reached by XP), over the
 * user's verified accounts at earning partners. Reaching a higher level than ever before writes a level_up history row.
 */
export async function refreshXp(tx: Tx, userId: string, at: Date): Promise<{ xp: number; levelUp: number | null }> {
  const [result] = await refreshXpMany(tx, [userId], at);
  return result ?? { xp: 0, levelUp: null };
}

const CHUNK = 5000;

/** `column IN (values)` with the values as one JSON parameter (thousands of bound parameters plan slowly). */
function inJson(column: SQLWrapper, values: string[], type: 'uuid' | 'text'): SQL {
  return sql`${column} in (select value::${sql.raw(type)} from json_array_elements_text(${JSON.stringify(values)}::json))`;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** refreshXp for many users in a few set-based statements (an import touches tens of thousands). */
async function refreshXpMany(
  tx: Tx,
  userIds: string[],
  at: Date,
  /** Account totals already summed by the caller (account id → cents), to skip summing them again. */
  known: Map<string, number> = new Map(),
): Promise<{ userId: string; xp: number; levelUp: number | null }[]> {
  const out: { userId: string; xp: number; levelUp: number | null }[] = [];
  for (const ids of chunks([...new Set(userIds)].sort())) {
    const before = await tx
      .select({ id: users.id, xp: users.xp })
      .from(users)
      .where(inJson(users.id, ids, 'uuid'))
      .orderBy(asc(users.id))
      .for('update');
    // The users' verified earning accounts; the totals of accounts the caller summed are reused,
    // the others summed here.
    const accounts = await tx
      .select({ id: casinoAccounts.id, userId: casinoAccounts.userId })
      .from(casinoAccounts)
      .where(and(inJson(casinoAccounts.userId, ids, 'uuid'), eq(casinoAccounts.state, 'verified'), inArray(casinoAccounts.partner, EARNING_PARTNER_IDS)));
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
    const changed = before.map((b) => ({ id: b.id, from: b.xp, to: wholeDollars(centsOf.get(b.id) ?? 0) })).filter((c) => c.to !== c.from);
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
      .where(
        inJson(
          levelUps.userId,
          changed.map((c) => c.id),
          'uuid',
        ),
      )
      .groupBy(levelUps.userId);
    const reachedOf = new Map(reached.map((r) => [r.userId, Number(r.level)]));
    const ups = changed
      .map((c) => ({ ...c, level: levelForXp(c.to), highest: Math.max(levelForXp(c.from).level, reachedOf.get(c.id) ?? 0) }))
      .filter((c) => c.level.level > c.highest);
    await recordLevelUps(
      tx,
      ups.map((u) => ({ userId: u.id, level: u.level.level, levelName: u.level.levelName, xp: u.to })),
      at,
    );
    const upOf = new Map(ups.map((u) => [u.id, u.level.level]));
    const toOf = new Map(changed.map((c) => [c.id, c.to]));
    out.push(...before.map((b) => ({ userId: b.id, xp: toOf.get(b.id) ?? b.xp, levelUp: upOf.get(b.id) ?? null })));
  }
  return out;
}

/** level_up history rows for many users in one statement (one JSON parameter). */
async function recordLevelUps(tx: Tx, ups: { userId: string; level: number; levelName: string; xp: number }[], at: Date): Promise<void> {
  if (ups.length === 0) return;
  const payload = JSON.stringify(ups.map((u) => ({ user_id: u.userId, level: u.level, level_name: u.levelName, xp: u.xp })));
  await tx.execute(sql`
    insert into ${levelUps} (user_id, level, level_name, xp, created_at)
    select v.user_id, v.level, v.level_name, v.xp, ${at.toISOString()}::timestamptz
    from json_to_recordset(${payload}::json) as v(user_id uuid, level integer, level_name text, xp bigint)`);
  await notifyLevelsReached(tx, ups, at);
}

type Row<T> = { rows: T[] };

/** Whole dollars as in the ledger notes ("$1,234"); one formatter, not toLocaleString per row (ICU: 0.4 s for 50,000). */
const DOLLARS = new Intl.NumberFormat('en-US');

/** Up to this many usernames are summed by key; more, by one grouped pass over the partner's rows. */
const SUM_BY_KEY_MAX = 2000;

/**
 * creditAccount for every verified account whose usernames' stored values changed (a wager import,
 * sync or feed: partner → lower-cased usernames), in a few set-based statements whatever the
 * number of accounts:
 *
 * 1. the accounts are locked in (partner, id) order, then their owners in id order, so two writers
 *    never wait on each other in a circle; the sums read next see every write committed before
 *    the locks (a concurrent writer of the same usernames credits after us, from our result);
 * 2. each partner's totals are summed in one aggregate, and the rises written to credited_dollars
 *    in the same statement;
 * 3. XP is recounted from those totals (other earning accounts summed only where there are any)
 *    and each rise credited through ledger.creditMany, the new XP in the same UPDATE of the user
 *    row; level_up rows in one insert.
 *
 * A rise credits floor(total dollars) - credited_dollars, so a rerun credits nothing. The rare
 * downward correction goes through creditAccount one by one. Returns the points credited.
 */
export async function creditChangedUsernames(tx: Tx, changed: Map<string, Iterable<string>>, at: Date): Promise<number> {
  type Account = { id: string; user_id: string; partner: string; username: string; username_key: string; credited_dollars: string | number };
  const partners = [...changed.keys()].filter(partnerEarns).sort();
  const accounts: Account[] = [];
  for (const partner of partners) {
    const keys = [...changed.get(partner)!];
    if (keys.length === 0) continue;
    const locked = (await tx.execute(sql`
      select id, user_id, partner, username, lower(username) as username_key, credited_dollars from ${casinoAccounts}
      where partner = ${partner} and state = 'verified'
        and lower(username) in (select value from json_array_elements_text(${JSON.stringify(keys)}::json))
      order by id for update`)) as unknown as Row<Account>;
    accounts.push(...locked.rows);
  }
  if (accounts.length === 0) return 0;
  const ownerIds = [...new Set(accounts.map((a) => a.user_id))].sort();
  const ownersJson = JSON.stringify(ownerIds);
  const owners = (await tx.execute(sql`
    select u.id, u.xp, (select max(l.level) from ${levelUps} l where l.user_id = u.id) as reached from ${users} u
    where u.id in (select value::uuid from json_array_elements_text(${ownersJson}::json))
    order by u.id for update`)) as unknown as Row<{ id: string; xp: string | number; reached: string | number | null }>;

  const centsOf = new Map<string, number>(); // account id → stored total
  for (const partner of partners) {
    const mine = accounts.filter((a) => a.partner === partner);
    if (mine.length === 0) continue;
    const keysJson = JSON.stringify(mine.map((a) => a.username_key));
    // A few usernames: their rows by the primary key. Thousands (an import): one pass over the
    // partner's rows grouped, then joined to them; tens of thousands of index probes, each fetching
    // a username's rows from as many pages, cost several times more (1M rows: 6 s against 1 s).
    const totals =
      mine.length <= SUM_BY_KEY_MAX
        ? sql`select username_key, sum(cents) as cents from ${wagers}
            where partner = ${partner} and username_key in (select value from json_array_elements_text(${keysJson}::json))
            group by username_key`
        : sql`select a.username_key, a.cents
            from (select username_key, sum(cents) as cents from ${wagers} where partner = ${partner} group by username_key) a
            join json_array_elements_text(${keysJson}::json) k on k.value = a.username_key`;
    const summed = (await tx.execute(sql`
      with totals as (${totals}),
      raised as ( -- runs to completion though unread (a data-modifying WITH always does)
        update ${casinoAccounts} ca set credited_dollars = floor(t.cents / 100)::bigint, updated_at = ${at.toISOString()}::timestamptz
        from totals t
        where ca.partner = ${partner} and ca.state = 'verified' and lower(ca.username) = t.username_key
          and floor(t.cents / 100) > ca.credited_dollars
        returning ca.id
      )
      select username_key, cents from totals`)) as unknown as Row<{ username_key: string; cents: string | number }>;
    const byKey = new Map(summed.rows.map((r) => [r.username_key, Number(r.cents)]));
    for (const a of mine) centsOf.set(a.id, byKey.get(a.username_key) ?? 0);
  }

  const rises: { account: Account; diff: number }[] = [];
  const corrected = new Set<string>(); // users with a correction: creditAccount recounts their XP
  const corrections: string[] = [];
  for (const a of accounts) {
    const diff = wholeDollars(centsOf.get(a.id) ?? 0) - Number(a.credited_dollars);
    if (diff > 0) rises.push({ account: a, diff });
    else if (diff < 0) {
      corrections.push(a.id);
      corrected.add(a.user_id);
    }
  }

  // XP: the totals just summed, plus the owners' earning accounts not summed here (most have none).
  // With one partner in the write, an owner's account there is the one locked (one account per
  // user and partner): only the other partners' accounts are fetched.
  const summedIds = new Set(accounts.map((a) => a.id));
  const others = (await tx.execute(sql`
    select id, user_id, partner, lower(username) as username_key from ${casinoAccounts}
    where user_id in (select value::uuid from json_array_elements_text(${ownersJson}::json))
      and state = 'verified' and partner in ${EARNING_PARTNER_IDS} ${partners.length === 1 ? sql`and partner <> ${partners[0]}` : sql``}`)) as unknown as Row<{
    id: string;
    user_id: string;
    partner: string;
    username_key: string;
  }>;
  const centsOfUser = new Map<string, number>();
  for (const a of accounts) centsOfUser.set(a.user_id, (centsOfUser.get(a.user_id) ?? 0) + (centsOf.get(a.id) ?? 0));
  const unsummed = others.rows.filter((o) => !summedIds.has(o.id));
  if (unsummed.length > 0) {
    const rows = (await tx.execute(sql`
      select o.id, (select coalesce(sum(w.cents), 0) from ${wagers} w where w.partner = o.partner and w.username_key = o.username_key) as cents
      from json_to_recordset(${JSON.stringify(unsummed.map(({ id, partner, username_key }) => ({ id, partner, username_key })))}::json)
        as o(id uuid, partner text, username_key text)`)) as unknown as Row<{ id: string; cents: string | number }>;
    for (const r of rows.rows) centsOf.set(r.id, Number(r.cents));
  }
  for (const o of unsummed) centsOfUser.set(o.user_id, (centsOfUser.get(o.user_id) ?? 0) + (centsOf.get(o.id) ?? 0));
  const xpOf = new Map<string, number>();
  const ups: { userId: string; level: number; levelName: string; xp: number }[] = [];
  for (const b of owners.rows) {
    if (corrected.has(b.id)) continue;
    const from = Number(b.xp);
    const to = wholeDollars(centsOfUser.get(b.id) ?? 0);
    if (to === from) continue;
    xpOf.set(b.id, to);
    // A level reached before (and lost to a correction) is not reached again.
    const level = levelForXp(to);
    if (level.level > Math.max(levelForXp(from).level, Number(b.reached ?? 0)))
      ups.push({ userId: b.id, level: level.level, levelName: level.levelName, xp: to });
  }

  // creditMany takes each user once: a user with rises at two partners is paid in two rounds (the
  // first also writes the XP). Users whose XP moved without a rise get it in one update.
  let credited = 0;
  const xpWritten = new Set<string>();
  let pending = rises;
  while (pending.length > 0) {
    const seen = new Set<string>();
    const round: typeof rises = [];
    const rest: typeof rises = [];
    for (const r of pending) {
      if (seen.has(r.account.user_id)) rest.push(r);
      else {
        seen.add(r.account.user_id);
        round.push(r);
      }
    }
    pending = rest;
    credited += await creditMany(
      tx,
      round.map((r) => {
        const xp = xpWritten.has(r.account.user_id) ? undefined : xpOf.get(r.account.user_id);
        xpWritten.add(r.account.user_id);
        return {
          userId: r.account.user_id,
          amount: r.diff,
          refId: r.account.id,
          note: `$${DOLLARS.format(r.diff)} wagered at ${partnerName(r.account.partner)} (${r.account.username})`,
          xp,
        };
      }),
      { reason: 'wager_credit', refType: 'wager', at },
    );
  }
  const xpOnly = [...xpOf].filter(([id]) => !xpWritten.has(id)).map(([id, xp]) => ({ id, xp }));
  if (xpOnly.length > 0) {
    await tx.execute(
      sql`update ${users} set xp = v.xp from json_to_recordset(${JSON.stringify(xpOnly)}::json) as v(id uuid, xp bigint) where ${users.id} = v.id`,
    );
  }
  await recordLevelUps(tx, ups, at);
  for (const id of corrections) await creditAccount(tx, id, at);
  return credited;
}
