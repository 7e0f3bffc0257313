import { randomBytes } from 'node:crypto';
import type { Raffle, RaffleInputSchema } from '@app/shared/api/raffles';
import { sha256Hex } from '@app/shared/fairness/engine';
import type { Database } from '../../db/client.ts';
import { raffles } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { presentRaffle, type RaffleRow } from './raffle-presenter.ts';

export type RaffleValues = ReturnType<(typeof RaffleInputSchema)['parse']>;

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
