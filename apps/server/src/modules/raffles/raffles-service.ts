import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { RestrictedFeature } from '@app/shared/api/admin-users';
import { maskUsername } from '@app/shared/api/races';
import type { EnterRaffleResult, Raffle, RaffleInputSchema } from '@app/shared/api/raffles';
import { drawRaffleWinners } from '@app/shared/domain/raffle-draw';
import { levelForXp } from '@app/shared/domain/ranks';
import { sha256Hex } from '@app/shared/fairness/engine';
import type { Database } from '../../db/client.ts';
import { raffleEntries, raffles, userRestrictions, users } from '../../db/schema.ts';
import { isDeadlock, isUniqueViolation, type Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { queryPrepared } from '../../lib/prepared.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { publishTopicRows } from '../../platform/event-bus.ts';
import { blockingKinds, restrictionHoldsSql, type RestrictionCheck } from '../../platform/restrictions-guard.ts';
import { credit, debit, setDebitCtes } from '../../platform/ledger.ts';
import { notify } from '../notifications/notifications-service.ts';
import { raffleWonText } from '../notifications/notification-texts.ts';
import { presentAdminRaffleEntry, presentRaffle, presentRaffleEntry, raffleStatus, type RaffleRow } from './raffle-presenter.ts';

type RaffleValues = ReturnType<(typeof RaffleInputSchema)['parse']>;

function raffleNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That raffle does not exist.');
}

/**
 * Winner names: 'public' masks them like every public board unless the winner opted in to show
 * their name (or is the viewer); UIDs are public, so a name next to one would unmask it. 'admin' shows them.
 */
export type WinnerNames = 'public' | 'admin';

async function presentRows(db: Database | Tx, rows: RaffleRow[], viewerId: string | null, now: Date, names: WinnerNames = 'public'): Promise<Raffle[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [counts, mine, winners] = await Promise.all([
    db.select({ raffleId: raffleEntries.raffleId, n: count() }).from(raffleEntries).where(inArray(raffleEntries.raffleId, ids)).groupBy(raffleEntries.raffleId),
    viewerId
      ? db
          .select({ raffleId: raffleEntries.raffleId })
          .from(raffleEntries)
          .where(and(eq(raffleEntries.userId, viewerId), inArray(raffleEntries.raffleId, ids)))
      : Promise.resolve([]),
    (async () => {
      const uids = [...new Set(rows.flatMap((r) => r.winnerUids ?? []))];
      if (uids.length === 0) return [];
      return db
        .select({ id: users.id, uid: users.uid, username: users.username, showOnLeaderboard: users.showOnLeaderboard })
        .from(users)
        .where(inArray(users.uid, uids));
    })(),
  ]);
  const entriesBy = new Map(counts.map((c) => [c.raffleId, c.n]));
  const entered = new Set(mine.map((m) => m.raffleId));
  const usernames = new Map(winners.map((w) => [w.uid, names === 'admin' || w.showOnLeaderboard || w.id === viewerId ? w.username : maskUsername(w.username)]));
  return rows.map((row) => presentRaffle(row, { entries: entriesBy.get(row.id) ?? 0, ...(viewerId ? { entered: entered.has(row.id) } : {}), usernames }, now));
}

/** GET /api/raffles: every raffle, by end date; `entered` when the caller is signed in. */
export async function listRaffles(db: Database, viewerId: string | null, now: Date, names: WinnerNames = 'public'): Promise<Raffle[]> {
  const rows = await db.select().from(raffles).orderBy(asc(raffles.endDate), asc(raffles.raffleNumber));
  return presentRows(db, rows, viewerId, now, names);
}

export async function getRaffle(db: Database | Tx, id: string, viewerId: string | null, now: Date, names: WinnerNames = 'public'): Promise<Raffle> {
  const [row] = await db.select().from(raffles).where(eq(raffles.id, id));
  if (!row) throw raffleNotFound();
  const [raffle] = await presentRows(db, [row], viewerId, now, names);
  return raffle!;
}

/**
 * POST /api/raffles/:id/enter, in the caller's transaction. The raffle row is read FOR SHARE, so a
 * draw (which updates that row) waits for entries in flight and then sees all of them.
 */
export async function enterRaffle(
  tx: Tx,
  input: { userId: string; points: number; raffleId: string; at: Date; restriction: RestrictionCheck },
): Promise<EnterRaffleResult> {
  await input.restriction.assert(tx);
  const [raffle] = await tx.select().from(raffles).where(eq(raffles.id, input.raffleId)).for('share');
  if (!raffle) throw raffleNotFound();
  if (raffleStatus(raffle, input.at) !== 'Active') {
    throw new AppError('RAFFLE_CLOSED', 'This raffle is not open for entries.');
  }
  // The level gate reads XP (lifetime verified wager in dollars, spec 2 §9 ranks), not the points balance.
  if (raffle.restricted && raffle.minLevel !== null) {
    const [user] = await tx.select({ xp: users.xp }).from(users).where(eq(users.id, input.userId));
    if (levelForXp(user?.xp ?? 0).level < raffle.minLevel) {
      throw new AppError('REQUIREMENTS_NOT_MET', 'You do not meet the requirements of this raffle.');
    }
  }
  // The balance read by the auth guard a moment ago is the answer of a free entry (a paid one answers
  // the balance its debit left).
  const [entry] = await tx
    .insert(raffleEntries)
    .values({ raffleId: raffle.id, userId: input.userId, pointsSpent: raffle.pointsCost, createdAt: input.at })
    .onConflictDoNothing()
    .returning();
  // spec 2 §5 Raffle entry: the toast 'Already entered'.
  if (!entry) throw new AppError('ALREADY_ENTERED', 'Already entered');
  let points = input.points;
  if (raffle.pointsCost > 0) {
    const spent = await debit(
      tx,
      {
        userId: input.userId,
        amount: raffle.pointsCost,
        reason: 'raffle_entry',
        refType: 'raffle',
        refId: raffle.id,
        note: raffle.title,
        at: input.at,
      },
      {
        // spec 2 §5 Raffle entry: 'You need {n} pts' (n = the entry cost).
        shortMessage: () => `You need ${raffle.pointsCost.toLocaleString('en-US')} pts`,
      },
    );
    points = spent.balance;
  }
  await announceRaffleEntries(tx, [raffle.id]);
  return { entry: presentRaffleEntry(entry), points };
}

/**
 * Announces the entry counts of these raffles on their public topics (`raffle:<id>`, data
 * RaffleEventData), in one statement. In a transaction, the event goes when it commits. The
 * one-statement entries are announced once per batch, after it (EntryBatcher), not in their statement.
 */
export async function announceRaffleEntries(db: Database | Tx, raffleIds: readonly string[]): Promise<void> {
  if (raffleIds.length === 0) return;
  const ids = sql.join(
    [...new Set(raffleIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await publishTopicRows(
    db,
    'raffle',
    sql`select 'raffle:' || r.id::text as topic,
    json_build_object('raffleId', r.id::text, 'entries', (select count(*) from ${raffleEntries} e where e.raffle_id = r.id)::int,
      'drawn', r.drawn_at is not null) as data
    from ${raffles} r where r.id in (${ids})`,
  );
}

/**
 * The common case of POST /api/raffles/:id/enter in ONE statement, one round trip (the entry
 * benchmark, docs/performance.md; the general path takes eight with the guard's user load): a
 * verified account, an Active, paid, unrestricted raffle, points that cover its cost, not entered
 * yet, a new Idempotency-Key, no ban and no restriction that blocks the route's feature. The route
 * calls it (through its EntryBatcher) with the token checked but before the requireVerified guard,
 * so the statement checks the account itself; it composes the ledger's set-based debit (the ledger
 * owns the balance condition and the ledger row) and the guard's rule of a restriction that holds
 * (restrictionHoldsSql over the kinds blocking the route's declared feature). The raffle row is
 * read FOR SHARE (a draw waits for it, as in enterRaffle), then the debit, the entry, the ledger row
 * and the key with its stored answer are written together.
 *
 * Returns the answer when it entered, or null when this is not the common case: then nothing
 * changed (the statement did nothing, or it failed with a unique violation because the entry or
 * the key already existed, which undoes the debit made in the same statement) and the caller takes
 * the general path (runIdempotent + enterRaffle), which gives every other answer exactly as before:
 * replays, 409s, 422, 403, 404.
 */
export async function enterRaffleInOneStatement(db: Database, input: OneStatementEntry): Promise<EnterRaffleResult | null> {
  const [json] = await enterRafflesInOneStatement(db, [input]);
  return json ? (JSON.parse(json) as EnterRaffleResult) : null;
}

export type OneStatementEntry = {
  userId: string;
  /** The access token's session: the statement enters nobody whose session has ended. */
  sessionId: string;
  raffleId: string;
  key: string;
  fingerprint: string;
  at: Date;
  /** The route's declared restriction (config.requireUnrestricted); one feature per statement. */
  feature: RestrictedFeature;
};

/**
 * Several common-case entries (enterRaffleInOneStatement) in ONE statement and one transaction: the
 * route's EntryBatcher sends together the requests that wait while earlier ones run. For each input,
 * in order, the JSON text of its stored answer (the Idempotency-Key row's `response`, which the route
 * sends as it is: no parse, no serialiser; its fields are exactly EnterRaffleResult's), or null when
 * that input is not the common case and nothing of it changed. A user appears at most once (the
 * batcher sees to it; a second input of the same user would get null).
 *
 * A unique violation (an entry or a key that exists already) or a deadlock fails the whole
 * statement, which undoes all of it; then each input is tried again on its own, so one duplicate
 * never turns another request away.
 */
export async function enterRafflesInOneStatement(db: Database, inputs: readonly OneStatementEntry[]): Promise<(string | null)[]> {
  if (inputs.length === 0) return [];
  const feature = inputs[0]!.feature;
  if (inputs.some((i) => i.feature !== feature)) throw new Error('enterRafflesInOneStatement: one restricted feature per statement');
  let rows: { user_id: string; key: string; response: string }[];
  try {
    rows = await queryPrepared(db, 'rh_enter_raffles', ENTER_RAFFLES_SQL, [
      inputs.map((i) => i.userId),
      inputs.map((i) => i.raffleId),
      inputs.map(() => randomUUID()),
      inputs.map((i) => i.key),
      inputs.map((i) => i.fingerprint),
      inputs.map((i) => i.at.toISOString()),
      blockingKinds(feature),
      inputs.map((i) => i.sessionId),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error) && !isDeadlock(error)) throw error;
    // The statement undid itself. On its own, the input that conflicted answers null.
    if (inputs.length === 1) return [null];
    return (await Promise.all(inputs.map((input) => enterRafflesInOneStatement(db, [input])))).flat();
  }
  const answers = new Map(rows.map((row) => [`${row.user_id} ${row.key}`, row.response]));
  return inputs.map((input) => answers.get(`${input.userId.toLowerCase()} ${input.key}`) ?? null);
}

/**
 * The statement of enterRafflesInOneStatement, a constant text so that PostgreSQL prepares it once
 * per connection (built once at load from the ledger's and the guard's SQL; it has no bound values
 * of its own). Its parameters are arrays with one element per input ($1 user ids, $2 raffle ids, $3
 * the new entries' ids, $4 the Idempotency-Keys, $5 the requests' fingerprints, $6 each request's
 * time as ISO text, which is also the answer's createdAt: a timestamptz's text is not ISO), and $7
 * the restriction kinds that block the route's feature, $8 the access tokens' session ids (an ended
 * session enters nothing: the general path then answers 401).
 */
const ENTER_RAFFLES_SQL = constantText(sql`
  with q as (
    select user_id, raffle_id, entry_id, key, fingerprint, at_text, at_text::timestamptz as at, session_id
    from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $8::uuid[])
      as t(user_id, raffle_id, entry_id, key, fingerprint, at_text, session_id)
  ),
  r as (
    select id, points_cost, title, start_date, end_date from raffles
    where id = any($2::uuid[]) and drawn_at is null and points_cost > 0 and not (restricted and min_level is not null)
    for share
  ),
  ${setDebitCtes({
    from: sql.raw('q join r on r.id = q.raffle_id and r.start_date <= q.at and r.end_date > q.at'),
    userId: sql.raw('q.user_id'),
    amount: sql.raw('r.points_cost'),
    where: sql`${users.emailVerified} and ${users.bannedAt} is null
      and exists (
        select 1 from auth_sessions s where s.id = q.session_id and s.user_id = "users"."id" and s.ended_at is null
      )
      and not exists (
        select 1 from ${userRestrictions}
        where ${userRestrictions.userId} = ${users.id} and ${userRestrictions.kind} = any($7::text[]) and ${restrictionHoldsSql(sql.raw('q.at'))}
      )`,
    reason: 'raffle_entry',
    refType: 'raffle',
    refId: sql.raw('r.id::text'),
    note: sql.raw('r.title'),
    at: sql.raw('q.at'),
    returning: sql.raw('r.id as raffle_id, q.entry_id, q.key, q.fingerprint, q.at, q.at_text'),
  })},
  e as (
    insert into raffle_entries (id, raffle_id, user_id, points_spent, created_at)
    select entry_id, raffle_id, user_id, amount, at from debited
  ),
  k as (
    insert into idempotency_keys (user_id, key, fingerprint, status_code, response, locked_at, created_at)
    select user_id, key, fingerprint, 201,
      jsonb_build_object(
        'entry', jsonb_build_object('id', entry_id::text, 'raffleId', raffle_id::text, 'userId', user_id::text,
          'pointsSpent', amount, 'createdAt', at_text),
        'points', points),
      at, at
    from debited
    returning user_id, key, response
  )
  select user_id::text as user_id, key, response::text as response from k`);

/** The text of a statement with no bound values (a prepared statement's constant text). */
function constantText(statement: SQL): string {
  const query = new PgDialect().sqlToQuery(statement);
  if (query.params.length > 0) throw new Error('a constant statement must not bind values');
  return query.sql;
}

export type DrawOutcome = { drawn: true; raffleId: string; winnerUids: string[] } | { drawn: false };

/**
 * Draws one ended raffle, in ONE transaction guarded by `drawn_at IS NULL`: with several servers
 * exactly one draws it, and a crash halfway commits nothing, so the next run draws it from scratch.
 * Points prizes go to the winners through the ledger in the same transaction.
 */
export async function drawRaffle(db: Database | Tx, raffleId: string, now: Date): Promise<DrawOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(raffles)
      .set({ drawnAt: now, updatedAt: now })
      .where(and(eq(raffles.id, raffleId), isNull(raffles.drawnAt), lte(raffles.endDate, now)))
      .returning();
    if (!row) return { drawn: false } as const;
    const entrants = await tx
      .select({ uid: users.uid, userId: users.id })
      .from(raffleEntries)
      .innerJoin(users, eq(users.id, raffleEntries.userId))
      .where(eq(raffleEntries.raffleId, row.id))
      .orderBy(asc(raffleEntries.createdAt), asc(raffleEntries.id));
    const entrantUids = entrants.map((e) => e.uid);
    const result = drawRaffleWinners(row.seed, entrantUids, row.winners);
    await tx.update(raffles).set({ entriesDigest: result.entriesDigest, entrantUids, winnerUids: result.winnerUids }).where(eq(raffles.id, row.id));
    if (row.prizePoints) {
      const idByUid = new Map(entrants.map((e) => [e.uid, e.userId]));
      for (const uid of result.winnerUids) {
        await credit(tx, {
          userId: idByUid.get(uid)!,
          amount: row.prizePoints,
          reason: 'raffle_prize',
          refType: 'raffle',
          refId: row.id,
          note: row.title,
          at: now,
        });
      }
    }
    for (const e of entrants)
      if (result.winnerUids.includes(e.uid)) await notify(tx, { ...raffleWonText(row.id, row.title, row.prize), userId: e.userId, at: now });
    // An open raffles page shows the winners at once.
    await announceRaffleEntries(tx, [row.id]);
    return { drawn: true, raffleId: row.id, winnerUids: result.winnerUids } as const;
  });
}

/** The scheduled job: draws every raffle that has ended and is not drawn yet. */
export async function drawDueRaffles(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: raffles.id })
    .from(raffles)
    .where(and(isNull(raffles.drawnAt), lte(raffles.endDate, now)))
    .orderBy(asc(raffles.endDate));
  let drawn = 0;
  for (const { id } of due) {
    if ((await drawRaffle(db, id, now)).drawn) drawn += 1;
  }
  return drawn;
}

/** POST /api/admin/raffles/:id/draw: after the end only, once (audited with the winners). */
export async function drawRaffleNow(db: Database, id: string, actor: AuditActor, now: Date): Promise<Raffle> {
  return db.transaction(async (tx) => {
    const outcome = await drawRaffle(tx, id, now);
    if (!outcome.drawn) {
      const [row] = await tx.select().from(raffles).where(eq(raffles.id, id));
      if (!row) throw raffleNotFound();
      if (row.drawnAt) throw new AppError('RAFFLE_ALREADY_DRAWN', 'This raffle was already drawn.');
      throw new AppError('RAFFLE_NOT_ENDED', 'This raffle has not ended yet.');
    }
    const raffle = await getRaffle(tx, id, null, now, 'admin');
    await recordAudit(tx, {
      ...actor,
      action: 'raffle.draw',
      targetType: 'raffle',
      targetId: raffle.id,
      changes: { summary: raffle.title, winnerUids: raffle.draw.winnerUids, entries: raffle.entries },
      at: now,
    });
    return raffle;
  });
}

/** A fresh commitment: 32 random bytes as hex, and the SHA-256 of that text. */
export function newRaffleSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: sha256Hex(seed) };
}

/** A new raffle row with a fresh seed commitment, in the caller's transaction (the admin's create, the sample catalogue). */
export async function insertRaffle(db: Database | Tx, input: RaffleValues, now: Date): Promise<RaffleRow> {
  const [row] = await db
    .insert(raffles)
    .values({
      ...input,
      startDate: new Date(input.startDate),
      endDate: new Date(input.endDate),
      ...newRaffleSeed(),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** POST /api/admin/raffles: a new raffle, its seed commitment made now (audited). */
export async function createRaffle(db: Database, input: RaffleValues, actor: AuditActor, now: Date): Promise<Raffle> {
  return db.transaction(async (tx) => {
    const row = await insertRaffle(tx, input, now);
    await recordAudit(tx, { ...actor, action: 'raffle.create', targetType: 'raffle', targetId: row.id, changes: { summary: row.title, ...input }, at: now });
    return presentRaffle(row, { entries: 0, usernames: new Map() }, now);
  });
}

async function entryCount(tx: Tx, raffleId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(raffleEntries).where(eq(raffleEntries.raffleId, raffleId));
  return row?.n ?? 0;
}

/** PUT /api/admin/raffles/:id: a raffle with entries keeps its cost; a drawn one cannot change (audited). */
export async function updateRaffle(db: Database, id: string, input: RaffleValues, actor: AuditActor, now: Date): Promise<Raffle> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(raffles).where(eq(raffles.id, id)).for('update');
    if (!row) throw raffleNotFound();
    if (row.drawnAt) throw new AppError('RAFFLE_ALREADY_DRAWN', 'A drawn raffle cannot be changed.');
    if (input.pointsCost !== row.pointsCost && (await entryCount(tx, id)) > 0) {
      throw new AppError('RAFFLE_HAS_ENTRIES', 'The entry cost of a raffle with entries cannot change.');
    }
    await tx
      .update(raffles)
      .set({ ...input, startDate: new Date(input.startDate), endDate: new Date(input.endDate), updatedAt: now })
      .where(eq(raffles.id, id));
    const raffle = await getRaffle(tx, id, null, now, 'admin');
    await recordAudit(tx, {
      ...actor,
      action: 'raffle.update',
      targetType: 'raffle',
      targetId: raffle.id,
      changes: { summary: raffle.title, ...input },
      at: now,
    });
    return raffle;
  });
}

/** DELETE /api/admin/raffles/:id: only a raffle nobody entered (audited). */
export async function deleteRaffle(db: Database, id: string, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: raffles.id }).from(raffles).where(eq(raffles.id, id)).for('update');
    if (!row) throw raffleNotFound();
    if ((await entryCount(tx, id)) > 0) {
      throw new AppError('RAFFLE_HAS_ENTRIES', 'A raffle with entries cannot be deleted.');
    }
    await tx.delete(raffles).where(eq(raffles.id, id));
    await recordAudit(tx, { ...actor, action: 'raffle.delete', targetType: 'raffle', targetId: id, changes: null, at: now });
  });
}

/** GET /api/admin/raffles/:id/entries, in entry order. */
export async function listEntries(db: Database, id: string) {
  const [row] = await db.select({ id: raffles.id }).from(raffles).where(eq(raffles.id, id));
  if (!row) throw raffleNotFound();
  const rows = await db
    .select({ entry: raffleEntries, username: users.username, uid: users.uid })
    .from(raffleEntries)
    .innerJoin(users, eq(users.id, raffleEntries.userId))
    .where(eq(raffleEntries.raffleId, id))
    .orderBy(asc(raffleEntries.createdAt), asc(raffleEntries.id));
  return rows.map((r) => presentAdminRaffleEntry(r.entry, r));
}
