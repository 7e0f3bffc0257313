import { and, count, eq, sql } from 'drizzle-orm';
import type { BonusInput, BonusUpdate, HuntDetail } from '@app/shared/api/bonus-hunts';
import { HUNT_MAX_BONUSES } from '@app/shared/api/bonus-hunts';
import { bestBonusGuess } from '@app/shared/domain/bonus-hunt-stats';
import type { Database } from '../../db/client.ts';
import { huntBonusGuesses, huntBonuses, slots, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { BonusRow } from './hunt-presenter.ts';
import { announceHunt, bonusRows, huntDetail, huntRow, wrongStatus } from './hunt-reads.ts';

/** The admin's bonuses of a hunt: added and removed while collecting, bets and wins entered, reordered. */

/** POST /api/admin/bonus-hunts/:id/bonuses: while collecting. */
export async function addBonus(db: Database, huntId: string, input: BonusInput, actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    if (hunt.status !== 'collecting') throw wrongStatus('Bonuses are added while the hunt is collecting.');
    let name = input.slotName ?? '';
    let provider: string | null = null;
    if (input.slotId) {
      const [slot] = await tx.select().from(slots).where(eq(slots.id, input.slotId));
      if (!slot) throw new AppError('NOT_FOUND', 'That slot does not exist.');
      name = slot.name;
      provider = slot.provider;
    }
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${huntBonuses.position}), 0)::int`, n: count() })
      .from(huntBonuses)
      .where(eq(huntBonuses.huntId, huntId));
    if ((last?.n ?? 0) >= HUNT_MAX_BONUSES) throw new AppError('VALIDATION_ERROR', `A hunt holds at most ${HUNT_MAX_BONUSES} bonuses.`);
    const [bonus] = await tx
      .insert(huntBonuses)
      .values({ huntId, position: (last?.position ?? 0) + 1, slotId: input.slotId ?? null, slotName: name, provider, bet: input.bet, createdAt: now })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'bonus_hunt.bonus_add',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: { summary: `Added ${name} at ${input.bet} cents to ${hunt.title}`, bonusId: bonus!.id, slotId: input.slotId ?? null, bet: input.bet },
      at: now,
    });
    await announceHunt(tx, huntId, hunt.status);
    return huntDetail(tx, hunt, null);
  });
}

/** PUT /api/admin/bonus-hunts/:id/bonuses/:bonusId: the bet while collecting, the win while opening. */
export async function updateBonus(db: Database, huntId: string, bonusId: string, input: BonusUpdate, actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    const [bonus] = await tx
      .select()
      .from(huntBonuses)
      .where(and(eq(huntBonuses.id, bonusId), eq(huntBonuses.huntId, huntId)));
    if (!bonus) throw new AppError('NOT_FOUND', 'That bonus is not in this hunt.');
    if (input.bet !== undefined && hunt.status !== 'collecting') throw wrongStatus('A bet changes only while the hunt is collecting.');
    if (input.win !== undefined && hunt.status !== 'opening') throw wrongStatus('Wins are entered once the hunt is opening.');
    const set = {
      ...(input.bet !== undefined ? { bet: input.bet } : {}),
      ...(input.win !== undefined ? { win: input.win, ...(await bestGuessOf(tx, bonus, input.win)) } : {}),
    };
    await tx.update(huntBonuses).set(set).where(eq(huntBonuses.id, bonusId));
    await recordAudit(tx, {
      ...actor,
      action: input.win !== undefined ? 'bonus_hunt.bonus_open' : 'bonus_hunt.bonus_update',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: {
        summary:
          input.win !== undefined
            ? `${bonus.slotName} in ${hunt.title}: win ${input.win ?? 'cleared'}`
            : `${bonus.slotName} in ${hunt.title}: bet ${input.bet}`,
        bonusId,
        ...(input.bet !== undefined ? { bet: { from: bonus.bet, to: input.bet } } : {}),
        ...(input.win !== undefined ? { win: { from: bonus.win, to: input.win } } : {}),
      },
      at: now,
    });
    await announceHunt(tx, huntId, hunt.status);
    return huntDetail(tx, hunt, null);
  });
}

/** The columns of a bonus's best × guess for its entered win (cleared with the win). */
async function bestGuessOf(tx: Tx, bonus: BonusRow, win: number | null): Promise<Pick<BonusRow, 'bestGuessUserId' | 'bestGuessUsername' | 'bestGuessX'>> {
  const none = { bestGuessUserId: null, bestGuessUsername: null, bestGuessX: null };
  if (win === null) return none;
  const guesses = await tx
    .select({ userId: huntBonusGuesses.userId, username: users.username, xHundredths: huntBonusGuesses.xHundredths, at: huntBonusGuesses.at })
    .from(huntBonusGuesses)
    .innerJoin(users, eq(users.id, huntBonusGuesses.userId))
    .where(eq(huntBonusGuesses.bonusId, bonus.id));
  const best = bestBonusGuess(
    guesses.map((g) => ({ ...g, at: g.at.getTime() })),
    { bet: bonus.bet, win },
  );
  return best ? { bestGuessUserId: best.userId, bestGuessUsername: best.username, bestGuessX: best.xHundredths } : none;
}

/** DELETE /api/admin/bonus-hunts/:id/bonuses/:bonusId: while collecting. */
export async function removeBonus(db: Database, huntId: string, bonusId: string, actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    if (hunt.status !== 'collecting') throw wrongStatus('Bonuses are removed while the hunt is collecting.');
    const [bonus] = await tx
      .delete(huntBonuses)
      .where(and(eq(huntBonuses.id, bonusId), eq(huntBonuses.huntId, huntId)))
      .returning();
    if (!bonus) throw new AppError('NOT_FOUND', 'That bonus is not in this hunt.');
    await recordAudit(tx, {
      ...actor,
      action: 'bonus_hunt.bonus_remove',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: { summary: `Removed ${bonus.slotName} from ${hunt.title}`, bonusId },
      at: now,
    });
    await announceHunt(tx, huntId, hunt.status);
    return huntDetail(tx, hunt, null);
  });
}

/** PUT /api/admin/bonus-hunts/:id/bonuses/order: the hunt's bonuses in their new order (all of them). */
export async function reorderBonuses(db: Database, huntId: string, ids: readonly string[], actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    if (hunt.status === 'finished') throw wrongStatus('A finished hunt keeps its order.');
    const current = await bonusRows(tx, huntId);
    const known = new Set(current.map((b) => b.id));
    if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new AppError('VALIDATION_ERROR', 'Send every bonus of the hunt once, in the new order.');
    }
    for (const [i, id] of ids.entries())
      await tx
        .update(huntBonuses)
        .set({ position: i + 1 })
        .where(eq(huntBonuses.id, id));
    await recordAudit(tx, {
      ...actor,
      action: 'bonus_hunt.reorder',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: { summary: `Reordered the bonuses of ${hunt.title}`, order: ids },
      at: now,
    });
    await announceHunt(tx, huntId, hunt.status);
    return huntDetail(tx, hunt, null);
  });
}
