import { drawRaffleWinners } from '@app/shared/domain/raffle-draw';
import { maskUsername } from '@app/shared/api/races';
import type { Raffle } from '@app/shared/api/raffles';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { raffleEntries, raffles, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { credit } from '../../platform/ledger.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { notify } from '../notifications/index.ts';
import { raffleWonText } from '../notifications/index.ts';
import { announceRaffleEntries } from './announce-entries.ts';
import { getRaffle, raffleNotFound } from './raffle-reads.ts';

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
      .select({ uid: users.uid, userId: users.id, username: users.username })
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
    const winners = entrants.filter((e) => result.winnerUids.includes(e.uid)).map((e) => maskUsername(e.username));
    const data = { raffleId: row.id, title: row.title, prize: row.prize, winners, entrants: entrants.length, link: `/raffles/${row.id}` };
    await enqueueWebhookEvent(tx, 'raffle.drawn', { ...data, summary: `${row.title}: ${winners.join(', ') || 'no entries'}` }, now);
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
