import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { RestrictedFeature } from '@app/shared/api/admin-users';
import type { EnterRaffleResult } from '@app/shared/api/raffles';
import type { Database } from '../../db/client.ts';
import { userRestrictions, users } from '../../db/schema.ts';
import { isDeadlock, isUniqueViolation } from '../../db/tx.ts';
import { queryPrepared } from '../../lib/prepared.ts';
import { storedAnswersCte } from '../../platform/idempotency.ts';
import { setDebitCtes } from '../../platform/ledger.ts';
import { blockingKinds, restrictionHoldsSql } from '../../platform/restrictions.ts';

/**
 * The common case of POST /api/raffles/:id/enter in ONE statement, one round trip (the entry
 * benchmark, docs/performance.md; the general path takes eight with the guard's user load): a
 * verified account, an Active, paid, unrestricted raffle, points that cover its cost, not entered
 * yet, a new Idempotency-Key, no ban and no restriction that blocks the route's feature. The route
 * calls it (through its EntryBatcher) with the token checked but before the requireVerified guard,
 * so the statement checks the account itself; it composes the ledger's set-based debit (the ledger
 * owns the balance condition and the ledger row), the idempotency owner's stored answers
 * (storedAnswersCte: the key row, as runIdempotent leaves it) and the guard's rule of a restriction
 * that holds (restrictionHoldsSql over the kinds blocking the route's declared feature). The raffle row is
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
 * per connection (built once at load from the ledger's, the idempotency owner's and the guard's
 * SQL; it has no bound values of its own). Its parameters are arrays with one element per input ($1
 * user ids, $2 raffle ids, $3 the new entries' ids, $4 the Idempotency-Keys, $5 the requests' fingerprints, $6 each request's
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
  ${storedAnswersCte({
    from: sql.raw('debited'),
    userId: sql.raw('user_id'),
    key: sql.raw('key'),
    fingerprint: sql.raw('fingerprint'),
    status: 201,
    response: sql.raw(`jsonb_build_object(
        'entry', jsonb_build_object('id', entry_id::text, 'raffleId', raffle_id::text, 'userId', user_id::text,
          'pointsSpent', amount, 'createdAt', at_text),
        'points', points)`),
    at: sql.raw('at'),
  })}
  select user_id::text as user_id, key, response::text as response from stored_answers`);

/** The text of a statement with no bound values (a prepared statement's constant text). */
function constantText(statement: SQL): string {
  const query = new PgDialect().sqlToQuery(statement);
  if (query.params.length > 0) throw new Error('a constant statement must not bind values');
  return query.sql;
}
