import { createHash } from 'node:crypto';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyKeySchema } from '@app/shared/api/points';
import { idempotencyKeys } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
import { AppError } from '../lib/app-error.ts';
import { settleRestriction } from './restrictions-guard.ts';

/**
 * Idempotency-Key for spending and admin money calls (ARCHITECTURE: idempotent writes; Stripe's
 * semantics). Keys are per user. The key row is the first statement of the work's transaction and
 * its answer is stored by the last, so a crash keeps both or neither. A concurrent repeat meets the
 * unique index and waits there until the first commits, then replays its answer (or, if the first
 * rolled back, carries the request out itself): never a second spend.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Narrows the caller's Idempotency-Keys to one credential of theirs: an API token's calls set it
     * to the token, so two tokens of one admin never share a key.
     */
    idempotencyScope?: string;
  }
}

/** How long answers are kept for replay (at least 24 h; the jobs purge older keys). */
const IDEMPOTENCY_RETENTION_MS = 48 * 60 * 60 * 1000;

type Outcome = { status: number; body: unknown };

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What makes two requests "the same": method, path (with query) and body. */
export function requestFingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${stableJson(request.body)}`, 'utf8')
    .digest('hex');
}

/** The Idempotency-Key header, validated; undefined when absent. 400 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(Array.isArray(raw) ? '' : raw);
  if (!parsed.success || Array.isArray(raw)) {
    const message = Array.isArray(raw) ? 'Send one Idempotency-Key header.' : parsed.error!.issues[0]!.message;
    throw new AppError('VALIDATION_ERROR', message);
  }
  return parsed.data;
}

function envelopeOf(error: AppError): Record<string, unknown> {
  return { ...error.extra, ok: false, error: error.message, code: error.code };
}

type Answer = Outcome & { isReplay: boolean };

/**
 * Runs `work` in one transaction, at most once per (user, scope, Idempotency-Key), and sends its answer
 * (or the stored answer of the first request with that key). Without a key it simply runs.
 */
export async function runIdempotent(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Tx) => Promise<Outcome>,
): Promise<FastifyReply> {
  const given = idempotencyKeyOf(request);
  const key = given && request.idempotencyScope ? `${request.idempotencyScope}:${given}` : given;
  const userId = request.userId!;
  // The route's declared restriction runs before the work commits, if the work did not run it.
  const guarded = async (tx: Tx): Promise<Outcome> => {
    const out = await work(tx);
    await settleRestriction(request, tx, app.clock.now());
    return out;
  };
  if (!key) {
    const out = await app.db.transaction(guarded);
    return reply.code(out.status).send(out.body);
  }
  const fingerprint = requestFingerprint(request);
  const now = app.clock.now();
  let workError: unknown;

  try {
    const answer = await app.db.transaction(async (tx): Promise<Answer> => {
      const [inserted] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint, lockedAt: now, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (!inserted) {
        // The first request with this key has committed (the insert waited for it): replay.
        const [existing] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        if (existing && existing.fingerprint !== fingerprint) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another request.');
        }
        if (!existing || existing.statusCode === null) {
          throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'This request is already being processed. Try again in a moment.', { headers: { 'retry-after': '1' } });
        }
        return { status: existing.statusCode, body: existing.response, isReplay: true };
      }
      let result: Outcome;
      try {
        result = await guarded(tx);
      } catch (error) {
        workError = error;
        throw error;
      }
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: result.status, response: result.body as object })
        .where(eq(idempotencyKeys.id, inserted.id));
      return { ...result, isReplay: false };
    });
    if (answer.isReplay) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.status).send(answer.body);
  } catch (error) {
    if (error === workError && error instanceof AppError && error.status < 500) {
      // A refusal is an answer too (nothing was spent): a repeat gets the same one.
      await app.db
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint, statusCode: error.status, response: envelopeOf(error), lockedAt: now, createdAt: now })
        .onConflictDoNothing();
    }
    throw error;
  }
}

/**
 * The keys and stored answers of a caller's one-statement write (the raffle entry's fast path, which
 * must stay one statement and one round trip), for `with ..., ${storedAnswersCte(spec)}, ...`. Each
 * expression is over the caller's `from` list (its earlier CTEs). The rows are written finished, as
 * runIdempotent leaves them once its work has committed: the status and the answer, locked and
 * created at `at`.
 */
type StoredAnswers = {
  /** The FROM list of the rows that get a key: the caller's rows whose work was done. */
  from: SQL;
  userId: SQL;
  key: SQL;
  fingerprint: SQL;
  /** The answer's HTTP status, written into the statement's text. */
  status: number;
  /** The answer's body, a jsonb expression. */
  response: SQL;
  at: SQL;
};

/**
 * The CTE `stored_answers`, which returns `user_id`, `key` and `response` of each key written. It
 * has no ON CONFLICT on purpose: a key that exists already fails the whole statement with a unique
 * violation, which undoes the caller's other writes in it too; the caller then takes runIdempotent's
 * path, which replays or refuses exactly as for any repeat.
 */
export function storedAnswersCte(spec: StoredAnswers): SQL {
  if (!Number.isInteger(spec.status) || spec.status < 100 || spec.status > 599) throw new Error(`idempotency: bad status ${spec.status}`);
  return sql`stored_answers as (
    insert into ${idempotencyKeys} (user_id, key, fingerprint, status_code, response, locked_at, created_at)
    select ${spec.userId}, ${spec.key}, ${spec.fingerprint}, ${sql.raw(String(spec.status))}, ${spec.response}, ${spec.at}, ${spec.at}
    from ${spec.from}
    returning user_id, key, response
  )`;
}

/** Drops keys past retention (run by the jobs). */
export async function purgeIdempotencyKeys(app: FastifyInstance): Promise<number> {
  const cutoff = new Date(app.clock.now().getTime() - IDEMPOTENCY_RETENTION_MS);
  const rows = await app.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ id: sql`1` });
  return rows.length;
}
