import { EARNING_PARTNER_IDS, partnerName, type PartnerId } from '@app/shared/api/casino-accounts';
import { WagerSyncMappingSchema, type WagerSyncInput, type WagerSyncPartner, type WagerSyncResult, type WagerSyncRun } from '@app/shared/api/wagers';
import { and, eq, isNotNull, like, lte, notLike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { wagerSyncPartners } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { genericJsonAdapter, WagerSyncError, type WagerRange, type WagerSyncAdapter } from './sync-adapter.ts';
import { checkEndpointForSave } from './sync-endpoint.ts';
import { SecretDecryptError, type SecretBox } from '../../platform/secret-box.ts';
import { storeWagers } from './wagers-service.ts';
import { presentWagerSync } from './wager-sync-presenter.ts';

/**
 * The scheduled wager sync: each configured partner casino is fetched once per period
 * (a conditional update of its next_run_at claims the period, so with several servers one runs it),
 * and what it answers is stored through storeWagers like an import (the same key replaces, crediting
 * is idempotent). A partner is 'delayed' when enabled and without a successful sync for more than
 * two periods; the public leaderboard says so.
 */

/** How long a casino has to answer one sync. */
const SYNC_TIMEOUT_MS = 30_000;
/** The first sync asks for this many days (today included). */
const FIRST_SYNC_DAYS = 7;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const SOURCE = 'sync';

type Row = typeof wagerSyncPartners.$inferSelect;
type SyncOptions = {
  timeoutMs?: number;
  adapterFor?: (row: Row) => WagerSyncAdapter;
  /** Told of failures that are not the casino's (e.g. the database), for the log. */
  onError?: (partner: string, error: unknown) => void;
};

/**
 * What the sync needs from configuration: the box that encrypts the keys at rest and whether private
 * networks may be reached. Registered per database handle by the routes plugin (the app's db and
 * bulkDb), so the scheduled job (wagers.sync) finds it without another argument.
 */
type SyncContext = { box: SecretBox; allowPrivate: boolean };
const contexts = new WeakMap<object, SyncContext>();

export function registerSyncContext(dbs: Database[], context: SyncContext): void {
  for (const db of dbs) contexts.set(db, context);
}

function contextOf(db: Database): SyncContext {
  const context = contexts.get(db);
  if (!context) throw new Error('wager sync: no SyncContext registered for this database handle');
  return context;
}

/**
 * The associated data a key is sealed with: the partner, the endpoint's origin (scheme, host, port)
 * and the key header. A stored key therefore opens only for the destination it was saved for; a
 * settings change that moves it elsewhere without typing the key again leaves a value that no longer
 * decrypts, and saveWagerSync refuses such a change up front.
 */
function keyContext(partner: string, endpointUrl: string, keyHeader: string): string {
  return `${partner}\n${new URL(endpointUrl).origin}\n${keyHeader.toLowerCase()}`;
}

/** Whether a change of settings would send the saved key to another destination. */
function movesKey(before: Pick<Row, 'endpointUrl' | 'keyHeader'>, after: { endpointUrl: string; keyHeader: string }): boolean {
  return new URL(before.endpointUrl).origin !== new URL(after.endpointUrl).origin || before.keyHeader.toLowerCase() !== after.keyHeader.toLowerCase();
}

/**
 * Encrypts keys stored in plain text before encryption existed (run at start; each row by a
 * conditional update, so two servers starting together do it once). Returns how many it sealed.
 */
export async function sealPlainKeys(db: Database): Promise<number> {
  const { box } = contextOf(db);
  const plain = await db
    .select({
      partner: wagerSyncPartners.partner,
      apiKey: wagerSyncPartners.apiKey,
      endpointUrl: wagerSyncPartners.endpointUrl,
      keyHeader: wagerSyncPartners.keyHeader,
    })
    .from(wagerSyncPartners)
    .where(and(isNotNull(wagerSyncPartners.apiKey), notLike(wagerSyncPartners.apiKey, 'enc:v1:%')));
  let sealed = 0;
  for (const row of plain) {
    const done = await db
      .update(wagerSyncPartners)
      .set({ apiKey: box.seal(row.apiKey!, keyContext(row.partner, row.endpointUrl, row.keyHeader)) })
      .where(and(eq(wagerSyncPartners.partner, row.partner), eq(wagerSyncPartners.apiKey, row.apiKey!)))
      .returning({ partner: wagerSyncPartners.partner });
    sealed += done.length;
  }
  return sealed;
}

/**
 * Keys sealed before the endpoint was bound (associated data: the partner alone) are sealed again
 * for the endpoint saved with them (run at start, each row by a conditional update). A value that
 * opens under neither is left alone: the next run records that it no longer decrypts.
 */
export async function rebindSealedKeys(db: Database): Promise<number> {
  const { box } = contextOf(db);
  const rows = await db
    .select({
      partner: wagerSyncPartners.partner,
      apiKey: wagerSyncPartners.apiKey,
      endpointUrl: wagerSyncPartners.endpointUrl,
      keyHeader: wagerSyncPartners.keyHeader,
    })
    .from(wagerSyncPartners)
    .where(like(wagerSyncPartners.apiKey, 'enc:v1:%'));
  let rebound = 0;
  for (const row of rows) {
    const context = keyContext(row.partner, row.endpointUrl, row.keyHeader);
    if (opens(box, row.apiKey!, context)) continue;
    if (!opens(box, row.apiKey!, row.partner)) continue;
    const done = await db
      .update(wagerSyncPartners)
      .set({ apiKey: box.seal(box.open(row.apiKey!, row.partner), context) })
      .where(and(eq(wagerSyncPartners.partner, row.partner), eq(wagerSyncPartners.apiKey, row.apiKey!)))
      .returning({ partner: wagerSyncPartners.partner });
    rebound += done.length;
  }
  return rebound;
}

function opens(box: SecretBox, stored: string, context: string): boolean {
  try {
    box.open(stored, context);
    return true;
  } catch (error) {
    if (error instanceof SecretDecryptError) return false;
    throw error;
  }
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Enabled and no success (or, before the first, no enabling) for more than two periods. */
function isDelayed(row: Pick<Row, 'enabled' | 'periodMinutes' | 'lastSuccessAt' | 'enabledAt'>, now: Date): boolean {
  if (!row.enabled) return false;
  const since = row.lastSuccessAt ?? row.enabledAt;
  if (!since) return false;
  return now.getTime() - since.getTime() > 2 * row.periodMinutes * MINUTE_MS;
}

const KEY_AGAIN =
  'The saved key is only sent to the endpoint it was saved for. To change the scheme, host, port or key header, enter the key again (or remove it).';

/** GET /api/admin/wager-sync: every earning partner, configured or not; never the key. */
export async function listWagerSyncs(db: Database, now: Date): Promise<WagerSyncPartner[]> {
  const rows = await db.select().from(wagerSyncPartners);
  const byPartner = new Map(rows.map((r) => [r.partner, r]));
  return EARNING_PARTNER_IDS.map((p) => presentOne(p, byPartner.get(p), now));
}

async function viewOf(db: Database, partner: PartnerId, now: Date): Promise<WagerSyncPartner> {
  const [row] = await db.select().from(wagerSyncPartners).where(eq(wagerSyncPartners.partner, partner));
  return presentOne(partner, row, now);
}

function presentOne(partner: PartnerId, row: Row | undefined, now: Date): WagerSyncPartner {
  return presentWagerSync(partner, row ?? null, row ? isDelayed(row, now) : false);
}

/**
 * PUT /api/admin/wager-sync/:partner: saves the settings (audited, the key never in the audit);
 * without `key` the saved key stays, `key: null` removes it. A save makes the next scheduler tick run.
 */
export async function saveWagerSync(db: Database, partner: PartnerId, input: WagerSyncInput, actor: AuditActor, now: Date): Promise<WagerSyncPartner> {
  const { box, allowPrivate } = contextOf(db);
  const refused = await checkEndpointForSave(input.endpointUrl, allowPrivate);
  if (refused) throw new AppError('VALIDATION_ERROR', refused);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(wagerSyncPartners).where(eq(wagerSyncPartners.partner, partner)).for('update');
    // A saved key goes only where it was saved for: another scheme, host, port or key header needs it typed again.
    if (input.key === undefined && before?.apiKey && movesKey(before, input)) {
      throw new AppError('VALIDATION_ERROR', KEY_AGAIN);
    }
    // Encrypted at rest (platform/secret-box.ts), bound to the partner and destination; a kept key stays as stored.
    const context = keyContext(partner, input.endpointUrl, input.keyHeader);
    const apiKey = input.key === undefined ? (before?.apiKey ?? null) : input.key === null ? null : box.seal(input.key, context);
    const enabledAt = input.enabled ? (before?.enabled ? before.enabledAt : now) : null;
    const values = {
      endpointUrl: input.endpointUrl,
      apiKey,
      keyHeader: input.keyHeader,
      mapping: input.mapping,
      enabled: input.enabled,
      periodMinutes: input.periodMinutes,
      enabledAt,
      nextRunAt: now,
      updatedAt: now,
    };
    await tx
      .insert(wagerSyncPartners)
      .values({ partner, ...values })
      .onConflictDoUpdate({ target: wagerSyncPartners.partner, set: values });
    await recordAudit(tx, {
      ...actor,
      action: 'wager_sync.update',
      targetType: 'wager_sync',
      targetId: partner,
      changes: {
        summary: `${partnerName(partner)} wager sync ${input.enabled ? `on, every ${input.periodMinutes} min` : 'off'}`,
        endpointUrl: input.endpointUrl,
        keyHeader: input.keyHeader,
        mapping: input.mapping,
        enabled: input.enabled,
        periodMinutes: input.periodMinutes,
        key: input.key === undefined ? 'kept' : input.key === null ? 'removed' : 'replaced',
      },
      at: now,
    });
  });
  return viewOf(db, partner, now);
}

/** The days to ask for: from the day before the last success (late corrections), else the last week. */
function rangeFor(row: Pick<Row, 'lastSuccessAt'>, now: Date): WagerRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = row.lastSuccessAt ? Math.min(row.lastSuccessAt.getTime() - DAY_MS, today) : today - (FIRST_SYNC_DAYS - 1) * DAY_MS;
  return { from: dayOf(from), to: dayOf(today) };
}

function adapterOf(row: Row, context: SyncContext): WagerSyncAdapter {
  const mapping = WagerSyncMappingSchema.parse(row.mapping);
  let apiKey: string | null;
  try {
    apiKey = row.apiKey === null ? null : context.box.open(row.apiKey, keyContext(row.partner, row.endpointUrl, row.keyHeader));
  } catch (error) {
    if (error instanceof SecretDecryptError) throw new WagerSyncError(error.message);
    throw error;
  }
  return genericJsonAdapter({ endpointUrl: row.endpointUrl, apiKey, keyHeader: row.keyHeader, mapping, allowPrivate: context.allowPrivate });
}

/** One sync of a partner whose period this server holds: fetch, store, record the outcome. */
async function syncRow(
  db: Database,
  row: Row,
  now: Date,
  options: SyncOptions,
): Promise<{ ok: boolean; result: WagerSyncResult | null; error: string | null }> {
  const range = rangeFor(row, now);
  try {
    const adapter = options.adapterFor ? options.adapterFor(row) : adapterOf(row, contextOf(db));
    const rows = await adapter.fetchWagers(range, AbortSignal.timeout(options.timeoutMs ?? SYNC_TIMEOUT_MS));
    const result = await db.transaction(async (tx) => {
      const outcome = await storeWagers(
        tx,
        rows.map((w) => ({ partner: row.partner, username: w.username, day: w.date, category: w.category, cents: w.wageredCents })),
        SOURCE,
        now,
      );
      const result: WagerSyncResult = { rows: rows.length, ...outcome, ...range };
      await tx.update(wagerSyncPartners).set({ lastRunAt: now, lastSuccessAt: now, lastResult: result }).where(eq(wagerSyncPartners.partner, row.partner));
      return result;
    });
    return { ok: true, result, error: null };
  } catch (error) {
    // The record keeps a generic connect failure; the low-level reason goes to the server log.
    if (error instanceof WagerSyncError && error.cause !== undefined) options.onError?.(row.partner, error.cause);
    const message = error instanceof WagerSyncError ? error.message : 'The wagers could not be stored.';
    await db.update(wagerSyncPartners).set({ lastRunAt: now, lastError: message, lastErrorAt: now }).where(eq(wagerSyncPartners.partner, row.partner));
    if (!(error instanceof WagerSyncError)) throw Object.assign(error as Error, { recordedAs: message });
    return { ok: false, result: null, error: message };
  }
}

/**
 * The scheduled job's part (wagers.sync): every enabled partner whose next run is due, claimed by a
 * conditional update (the first server's update moves next_run_at on; the others match nothing).
 * Returns how many partners this server synced.
 */
export async function runDueWagerSyncs(db: Database, now: Date, options: SyncOptions = {}): Promise<{ synced: number; failed: number }> {
  const due = await db
    .select({ partner: wagerSyncPartners.partner })
    .from(wagerSyncPartners)
    .where(and(eq(wagerSyncPartners.enabled, true), lte(wagerSyncPartners.nextRunAt, now)));
  let synced = 0;
  let failed = 0;
  for (const { partner } of due) {
    const [claimed] = await db
      .update(wagerSyncPartners)
      .set({ nextRunAt: sql`${now.toISOString()}::timestamptz + make_interval(mins => ${wagerSyncPartners.periodMinutes})` })
      .where(and(eq(wagerSyncPartners.partner, partner), eq(wagerSyncPartners.enabled, true), lte(wagerSyncPartners.nextRunAt, now)))
      .returning();
    if (!claimed) continue;
    const outcome = await syncRow(db, claimed, now, options).catch((error: unknown) => {
      options.onError?.(partner, error);
      return { ok: false };
    });
    if (outcome.ok) synced += 1;
    else failed += 1;
  }
  return { synced, failed };
}

/** POST /api/admin/wager-sync/:partner/run: a sync now (audited); its period starts again from now. */
export async function runWagerSyncNow(db: Database, partner: PartnerId, actor: AuditActor, now: Date, options: SyncOptions = {}): Promise<WagerSyncRun> {
  const [row] = await db
    .update(wagerSyncPartners)
    .set({ nextRunAt: sql`${now.toISOString()}::timestamptz + make_interval(mins => ${wagerSyncPartners.periodMinutes})` })
    .where(eq(wagerSyncPartners.partner, partner))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', `${partnerName(partner)} has no wager sync configured yet.`);
  const outcome = await syncRow(db, row, now, options).catch((error: unknown) => {
    options.onError?.(partner, error);
    return { ok: false, result: null, error: (error as { recordedAs?: string }).recordedAs ?? 'The wagers could not be stored.' };
  });
  await recordAudit(db, {
    ...actor,
    action: 'wager_sync.run',
    targetType: 'wager_sync',
    targetId: partner,
    changes: {
      summary: `${partnerName(partner)} wager sync run: ${outcome.ok ? `${outcome.result?.rows ?? 0} rows` : outcome.error}`,
      ok: outcome.ok,
      result: outcome.result,
      error: outcome.error,
    },
    at: now,
  });
  return { ...outcome, partner: await viewOf(db, partner, now) };
}

/** The public leaderboard's notice: whether a partner's data is delayed, and since when it is current. */
export async function partnerSyncState(db: Database, partner: string, now: Date): Promise<{ delayed: boolean; dataAsOf: string | null }> {
  const [row] = await db.select().from(wagerSyncPartners).where(eq(wagerSyncPartners.partner, partner));
  if (!row) return { delayed: false, dataAsOf: null };
  return { delayed: isDelayed(row, now), dataAsOf: row.lastSuccessAt?.toISOString() ?? null };
}
