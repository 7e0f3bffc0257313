import { and, asc, count, eq, gte, ilike, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  SLOTS_PAGE_SIZE,
  type PickFilters,
  type Slot,
  type SlotDetail,
  type SlotInputSchema,
  type SlotList,
  type SlotListQuerySchema,
} from '@app/shared/api/slots';
import { bonusX } from '@app/shared/domain/bonus-hunt-stats';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { huntBonuses, slots } from '../../db/schema.ts';
import { isUniqueViolation, type Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { diffChanges, recordAudit, type AuditActor } from '../../platform/audit.ts';
import { presentSlot, rtpBpOf, type SlotRow } from './slot-presenter.ts';

type Db = Database | Tx;
export type SlotValues = z.output<typeof SlotInputSchema>;
type ListQuery = z.output<typeof SlotListQuerySchema>;

function slotNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That slot does not exist.');
}

function slotExists(values: { name: string; provider: string }): AppError {
  return new AppError('SLOT_EXISTS', `${values.name} by ${values.provider} is already in Slot Hub.`);
}

/** The filters Slot Hub's list and the picker share, as SQL conditions. */
function slotFilterSql(filters: PickFilters & { q?: string }): SQL[] {
  const where: SQL[] = [];
  if (filters.q) where.push(ilike(slots.name, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filters.provider) where.push(sql`lower(${slots.provider}) = lower(${filters.provider})`);
  if (filters.volatility) where.push(eq(slots.volatility, filters.volatility));
  if (filters.rtpMin !== undefined) where.push(gte(slots.rtpBp, Math.round(filters.rtpMin * 100)));
  if (filters.rtpMax !== undefined) where.push(lte(slots.rtpBp, Math.round(filters.rtpMax * 100)));
  return where;
}

/** GET /api/slots: 24 a page; slots without the sorted figure come last. */
export async function listSlots(db: Database, query: ListQuery): Promise<SlotList> {
  const where = and(...slotFilterSql(query));
  const order =
    query.sort === 'rtp'
      ? [sql`${slots.rtpBp} desc nulls last`, asc(slots.name)]
      : query.sort === 'maxWin'
        ? [sql`${slots.maxWin} desc nulls last`, asc(slots.name)]
        : [asc(sql`lower(${slots.name})`), asc(slots.provider)];
  const [rows, [total], providers] = await Promise.all([
    db
      .select()
      .from(slots)
      .where(where)
      .orderBy(...order, asc(slots.id))
      .limit(SLOTS_PAGE_SIZE)
      .offset((query.page - 1) * SLOTS_PAGE_SIZE),
    db.select({ n: count() }).from(slots).where(where),
    db.selectDistinct({ provider: slots.provider }).from(slots).orderBy(asc(slots.provider)),
  ]);
  return {
    slots: rows.map(presentSlot),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: SLOTS_PAGE_SIZE,
    providers: providers.map((p) => p.provider),
  };
}

/** GET /api/slots/:id with its bonus-hunt history: opened bonuses of this slot in any hunt. */
export async function getSlot(db: Database, id: string): Promise<SlotDetail> {
  const [row] = await db.select().from(slots).where(eq(slots.id, id));
  if (!row) throw slotNotFound();
  const opened = await db
    .select({ bet: huntBonuses.bet, win: huntBonuses.win })
    .from(huntBonuses)
    .where(and(eq(huntBonuses.slotId, id), isNotNull(huntBonuses.win)));
  const xs = opened.map((b) => bonusX(b)!);
  const bets = opened.reduce((s, b) => s + b.bet, 0);
  const wins = opened.reduce((s, b) => s + (b.win ?? 0), 0);
  return {
    slot: presentSlot(row),
    history: {
      timesPlayed: opened.length,
      averageX: bets > 0 ? Math.round((wins / bets) * 100) / 100 : null,
      bestX: xs.length > 0 ? Math.max(...xs) : null,
    },
  };
}

function rowValues(values: SlotValues) {
  return {
    name: values.name,
    provider: values.provider,
    rtpBp: rtpBpOf(values.rtp),
    volatility: values.volatility,
    maxWin: values.maxWin,
    releaseYear: values.year,
    imageUrl: values.imageUrl,
    source: values.source,
  };
}

/** POST /api/admin/slots */
export async function createSlot(db: Database, values: SlotValues, actor: AuditActor, now: Date): Promise<Slot> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(slots)
        .values({ ...rowValues(values), createdAt: now, updatedAt: now })
        .returning();
      await recordAudit(tx, {
        ...actor,
        action: 'slot.create',
        targetType: 'slot',
        targetId: row!.id,
        changes: { summary: `Added ${values.name} (${values.provider})`, ...values },
        at: now,
      });
      return presentSlot(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'slots_name_provider_idx')) throw slotExists(values);
    throw error;
  }
}

/** PUT /api/admin/slots/:id */
export async function updateSlot(db: Database, id: string, values: SlotValues, actor: AuditActor, now: Date): Promise<Slot> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(slots).where(eq(slots.id, id)).for('update');
      if (!before) throw slotNotFound();
      const next = rowValues(values);
      const [row] = await tx
        .update(slots)
        .set({ ...next, updatedAt: now })
        .where(eq(slots.id, id))
        .returning();
      await recordAudit(tx, {
        ...actor,
        action: 'slot.update',
        targetType: 'slot',
        targetId: id,
        changes: { summary: `Edited ${values.name} (${values.provider})`, ...diffChanges(before, next) },
        at: now,
      });
      return presentSlot(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'slots_name_provider_idx')) throw slotExists(values);
    throw error;
  }
}

/** DELETE /api/admin/slots/:id: hunts keep the bonus under its name (slot_id set null). */
export async function deleteSlot(db: Database, id: string, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(slots).where(eq(slots.id, id)).returning();
    if (!row) throw slotNotFound();
    await recordAudit(tx, {
      ...actor,
      action: 'slot.delete',
      targetType: 'slot',
      targetId: id,
      changes: { summary: `Removed ${row.name} (${row.provider})` },
      at: now,
    });
  });
}

/** The picker's list: every slot matching the filters, in a fixed order (name, then id). */
export async function slotsMatching(db: Db, filters: PickFilters, excludeIds: readonly string[]): Promise<SlotRow[]> {
  const rows = await db
    .select()
    .from(slots)
    .where(and(...slotFilterSql(filters)))
    .orderBy(asc(slots.name), asc(slots.id));
  if (excludeIds.length === 0) return rows;
  const excluded = new Set(excludeIds);
  return rows.filter((r) => !excluded.has(r.id));
}
