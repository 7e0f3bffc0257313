import { desc, eq } from 'drizzle-orm';
import type { PickFilters, PickResult, PickSeed, RecentPicks, SlotPick } from '@app/shared/api/slots';
import { randomServerSeed, sha256Hex } from '@app/shared/fairness/engine';
import { verifySlotPick } from '@app/shared/fairness/slot-picker';
import type { Database } from '../../db/client.ts';
import { pickerSeeds, slotPicks, slots } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { liveHuntSlotIds } from '../bonus-hunts/index.ts';
import { presentSlot, type SlotRow } from './slot-presenter.ts';
import { slotsMatching } from './slots-service.ts';

/**
 * The Random Slot Picker, provably fair on the games' engine (fairness/slot-picker.ts). Each member
 * has one committed server seed: its hash is shown before the spin, the pick uses it with the
 * member's client seed and nonce, then reveals it and commits the next one (nonce + 1). The list is
 * the filtered catalogue in a fixed order, published with the pick as ids and their digest.
 */

const RECENT_PICKS = 10;

type PickRow = typeof slotPicks.$inferSelect;

function present(row: PickRow, slot: SlotRow): SlotPick {
  return {
    id: row.id,
    slot: presentSlot(slot),
    serverSeed: row.serverSeed,
    serverSeedHash: sha256Hex(row.serverSeed),
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    listDigest: row.listDigest,
    slotIds: row.slotIds,
    index: row.pickIndex,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's committed seed, made on first use; locked when `lock`. */
async function seedOf(tx: Tx, userId: string, lock: boolean): Promise<{ serverSeed: string; nonce: number }> {
  await tx.insert(pickerSeeds).values({ userId, serverSeed: randomServerSeed(), nonce: 0 }).onConflictDoNothing();
  const query = tx.select().from(pickerSeeds).where(eq(pickerSeeds.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row!;
}

function seedView(seed: { serverSeed: string; nonce: number }): PickSeed {
  return { serverSeedHash: sha256Hex(seed.serverSeed), nonce: seed.nonce };
}

/** GET /api/slots/picks: the next pick's seed hash and nonce, and the member's recent picks. */
export async function recentPicks(db: Database, userId: string): Promise<RecentPicks> {
  return db.transaction(async (tx) => {
    const seed = await seedOf(tx, userId, false);
    const rows = await tx
      .select({ pick: slotPicks, slot: slots })
      .from(slotPicks)
      .innerJoin(slots, eq(slots.id, slotPicks.slotId))
      .where(eq(slotPicks.userId, userId))
      .orderBy(desc(slotPicks.createdAt), desc(slotPicks.nonce))
      .limit(RECENT_PICKS);
    return { picks: rows.map((r) => present(r.pick, r.slot)), next: seedView(seed) };
  });
}

/** POST /api/slots/pick */
export async function pickSlot(db: Database, input: { userId: string; filters: PickFilters; clientSeed: string; at: Date }): Promise<PickResult> {
  return db.transaction(async (tx) => {
    const seed = await seedOf(tx, input.userId, true);
    const exclude = input.filters.excludeLiveHunt ? await liveHuntSlotIds(tx) : [];
    const list = await slotsMatching(tx, input.filters, exclude);
    if (list.length === 0) throw new AppError('NO_SLOTS_MATCH', 'No slot matches these filters.');
    const slotIds = list.map((s) => s.id);
    const seeds = { serverSeed: seed.serverSeed, clientSeed: input.clientSeed, nonce: seed.nonce };
    const outcome = verifySlotPick(seeds, slotIds);
    const [row] = await tx
      .insert(slotPicks)
      .values({
        userId: input.userId,
        slotId: outcome.slotId,
        ...seeds,
        slotIds,
        listDigest: outcome.listDigest,
        pickIndex: outcome.index,
        createdAt: input.at,
      })
      .returning();
    const next = { serverSeed: randomServerSeed(), nonce: seed.nonce + 1 };
    await tx.update(pickerSeeds).set(next).where(eq(pickerSeeds.userId, input.userId));
    return { pick: present(row!, list[outcome.index]!), next: seedView(next) };
  });
}
