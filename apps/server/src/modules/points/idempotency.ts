import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyKeySchema } from '@app/shared/api/points';
import { idempotencyKeys } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Idempotency-Key for spending and admin money calls (ARCHITECTURE: idempotent writes; Stripe's
 * semantics). Keys are per user. The key row is inserted first, in its own statement, so a concurrent
 * repeat meets the unique index and gets 409 IDEMPOTENCY_IN_PROGRESS instead of a second spend; the
 * answer is stored in the same transaction as the work, so a crash either keeps both or neither.
 */

/** How long answers are kept for replay (at least 24 h; the jobs purge older keys). */
export const IDEMPOTENCY_RETENTION_MS = 48 * 60 * 60 * 1000;
/** A key still without an answer after this long belongs to a request that died; a repeat may take it over. */
export const IDEMPOTENCY_LOCK_MS = 60 * 1000;

export type Outcome = { status: number; body: unknown };

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
    throw new AppError(400, 'VALIDATION_ERROR', message);
  }
  return parsed.data;
}

function envelopeOf(error: AppError): Record<string, unknown> {
  return { ...error.extra, ok: false, error: error.message, code: error.code };
}

/**
 * Runs `work` in one transaction, at most once per (user, Idempotency-Key), and sends its answer
 * (or the stored answer of the first request with that key). Without a key it simply runs.
 */
export async function runIdempotent(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Tx) => Promise<Outcome>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  const userId = request.userId!;
  if (!key) {
    const out = await app.db.transaction(work);
    return reply.code(out.status).send(out.body);
  }
  const fingerprint = requestFingerprint(request);
  const now = app.clock.now();

  const [inserted] = await app.db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint, lockedAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  let keyId = inserted?.id;

  if (!keyId) {
    const [existing] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!existing) throw new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', 'This request is already being processed. Try again in a moment.', { 'retry-after': '1' });
    if (existing.fingerprint !== fingerprint) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another request.');
    }
    if (existing.statusCode !== null) {
      return reply.code(existing.statusCode).header('idempotent-replayed', 'true').send(existing.response);
    }
    // No answer yet: the first request is still running, or died before committing (then nothing of
    // it was committed, since the answer is stored with the work) and this repeat may take it over.
    const [taken] = await app.db
      .update(idempotencyKeys)
      .set({ lockedAt: now })
      .where(
        and(
          eq(idempotencyKeys.id, existing.id),
          isNull(idempotencyKeys.statusCode),
          lt(idempotencyKeys.lockedAt, new Date(now.getTime() - IDEMPOTENCY_LOCK_MS)),
        ),
      )
      .returning({ id: idempotencyKeys.id });
    if (!taken) {
      throw new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', 'This request is already being processed. Try again in a moment.', { 'retry-after': '1' });
    }
    keyId = taken.id;
  }

  try {
    const out = await app.db.transaction(async (tx) => {
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: result.status, response: result.body as object })
        .where(eq(idempotencyKeys.id, keyId));
      return result;
    });
    return reply.code(out.status).send(out.body);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      // A refusal is an answer too: the repeat gets the same one (nothing was spent).
      await app.db
        .update(idempotencyKeys)
        .set({ statusCode: error.status, response: envelopeOf(error) })
        .where(eq(idempotencyKeys.id, keyId));
    } else {
      // Unexpected failure: forget the key so that a retry runs again (the work rolled back).
      await app.db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, keyId)).catch(() => {});
    }
    throw error;
  }
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
