import {
  KING_OF_THE_HILL_DEFAULT_PERIOD_DAYS,
  KING_OF_THE_HILL_DEFAULT_PRIZE_POINTS,
  KingOfTheHillSettingsSchema,
  kingOfTheHillMultiplier,
  type AdminHill,
  type AdminKingOfTheHillClaim,
  type Hill,
  type KingOfTheHillClaim,
  type KingOfTheHillClaimInput,
  type KingOfTheHillSettings,
} from '@app/shared/api/king-of-the-hill';
import { formatUsd } from '@app/shared/domain/vip-tiers';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { kingOfTheHillClaims, kingOfTheHillPeriods, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { refuseOwnAccount } from '../../platform/own-account.ts';
import { defineSetting, readSetting, writeSetting } from '../../platform/settings.ts';
import { restrictedTransaction, type RestrictionCheck } from '../../platform/restrictions.ts';
import { credit } from '../../platform/ledger.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { maskUsername } from '@app/shared/api/races';
import { presentAdminClaim, presentClaim, presentHistory, presentKing, presentPeriod, type PeriodRow, type ReignRow } from './king-of-the-hill-presenter.ts';
import { vipStanding } from './vip.ts';
import { notify, notifyAdmins } from '../notifications/index.ts';
import { adminClaimPendingText, kingOfTheHillClaimDecidedText, kingOfTheHillWonText } from '../notifications/index.ts';

/**
 * King of the Hill: one active period at a time; VIP members claim the hill with a win that beats the
 * king's multiplier; an admin verifies (the claimant becomes king, the previous reign ends) or
 * declines. The end-of-period job flips the period's status in a conditional update, credits the last
 * king's prize through the ledger in the same transaction and opens the next period: once across
 * servers.
 */

type Db = Database | Tx;

const KingOfTheHillSetting = defineSetting<KingOfTheHillSettings>({
  key: 'king_of_the_hill',
  schema: KingOfTheHillSettingsSchema,
  defaultValue: { periodDays: KING_OF_THE_HILL_DEFAULT_PERIOD_DAYS, prizePoints: KING_OF_THE_HILL_DEFAULT_PRIZE_POINTS },
});
const DAY_MS = 86_400_000;
const HISTORY_PERIODS = 10;
const ADMIN_CLAIMS = 100;

async function readSettings(db: Db): Promise<KingOfTheHillSettings> {
  return readSetting(db, KingOfTheHillSetting);
}

/** The active period, opened now with the settings when there is none (a concurrent opener loses quietly). */
async function activePeriod(db: Db, now: Date): Promise<PeriodRow> {
  const [found] = await db.select().from(kingOfTheHillPeriods).where(eq(kingOfTheHillPeriods.status, 'active'));
  if (found) return found;
  const settings = await readSettings(db);
  await db
    .insert(kingOfTheHillPeriods)
    .values({ startsAt: now, endsAt: new Date(now.getTime() + settings.periodDays * DAY_MS), prizePoints: settings.prizePoints, createdAt: now })
    .onConflictDoNothing();
  const [opened] = await db.select().from(kingOfTheHillPeriods).where(eq(kingOfTheHillPeriods.status, 'active'));
  return opened!;
}

const reignColumns = { claim: kingOfTheHillClaims, username: users.username, showOnLeaderboard: users.showOnLeaderboard };

/** The verified claims (reigns) of some periods, in the order they were crowned. */
async function reignsOf(db: Db, periodIds: string[]): Promise<ReignRow[]> {
  if (periodIds.length === 0) return [];
  const rows = await db
    .select(reignColumns)
    .from(kingOfTheHillClaims)
    .innerJoin(users, eq(users.id, kingOfTheHillClaims.userId))
    .where(and(inArray(kingOfTheHillClaims.periodId, periodIds), eq(kingOfTheHillClaims.status, 'verified')))
    .orderBy(kingOfTheHillClaims.decidedAt, kingOfTheHillClaims.id);
  return rows.map((r) => ({ ...r.claim, username: r.username, showOnLeaderboard: r.showOnLeaderboard }));
}

/** The reigning claim of a period: verified and not ended. */
async function kingOf(db: Db, periodId: string): Promise<ReignRow | null> {
  const [row] = await db
    .select(reignColumns)
    .from(kingOfTheHillClaims)
    .innerJoin(users, eq(users.id, kingOfTheHillClaims.userId))
    .where(and(eq(kingOfTheHillClaims.periodId, periodId), eq(kingOfTheHillClaims.status, 'verified'), isNull(kingOfTheHillClaims.reignEndedAt)))
    .orderBy(desc(kingOfTheHillClaims.decidedAt))
    .limit(1);
  return row ? { ...row.claim, username: row.username, showOnLeaderboard: row.showOnLeaderboard } : null;
}

async function history(db: Db, now: Date) {
  const periods = await db
    .select()
    .from(kingOfTheHillPeriods)
    .where(eq(kingOfTheHillPeriods.status, 'ended'))
    .orderBy(desc(kingOfTheHillPeriods.endsAt))
    .limit(HISTORY_PERIODS);
  const reigns = await reignsOf(
    db,
    periods.map((p) => p.id),
  );
  return periods.map((p) =>
    presentHistory(
      p,
      reigns.filter((r) => r.periodId === p.id),
      now,
    ),
  );
}

/** GET /api/king-of-the-hill: the hill, the caller's VIP standing and claims, and past periods. */
export async function getHill(db: Database, userId: string, now: Date): Promise<Hill> {
  const period = await activePeriod(db, now);
  const [king, vip, mine, past] = await Promise.all([
    kingOf(db, period.id),
    vipStanding(db, userId, now),
    db
      .select()
      .from(kingOfTheHillClaims)
      .where(and(eq(kingOfTheHillClaims.periodId, period.id), eq(kingOfTheHillClaims.userId, userId)))
      .orderBy(desc(kingOfTheHillClaims.createdAt)),
    history(db, now),
  ]);
  return {
    period: presentPeriod(period),
    king: king ? presentKing(king, now) : null,
    vip,
    myClaims: mine.map(presentClaim),
    history: past,
  };
}

function beatMessage(multiplier: number): string {
  return `Your win must beat the king's ${multiplier.toFixed(2)}×.`;
}

/**
 * POST /api/king-of-the-hill/claims: a VIP member's claim, pending until an admin decides. Refused
 * for a restriction (the route's declared guard: a Raffle ban, a timeout or a ban), below VIP (403
 * NOT_VIP with what VIP needs) and for a multiplier that does not beat the king's (409).
 */
export async function submitClaim(
  db: Database,
  userId: string,
  input: KingOfTheHillClaimInput,
  now: Date,
  restriction: RestrictionCheck,
): Promise<KingOfTheHillClaim> {
  return restrictedTransaction(db, restriction, async (tx) => {
    await restriction.assert(tx);
    const vip = await vipStanding(tx, userId, now);
    if (!vip.isVip) {
      throw new AppError(
        'NOT_VIP',
        `King of the Hill is for VIP members: reach Bronze with ${formatUsd(vip.requiredWager)} of verified wagers (you have ${formatUsd(vip.totalWagered)}).`,
        { extra: { vip } },
      );
    }
    const period = await activePeriod(tx, now);
    const betCents = Math.round(input.bet * 100);
    const winCents = Math.round(input.win * 100);
    const multiplier = kingOfTheHillMultiplier(input.bet, input.win);
    const king = await kingOf(tx, period.id);
    if (king && multiplier <= king.multiplier) throw new AppError('KING_NOT_BEATEN', beatMessage(king.multiplier));
    const [row] = await tx
      .insert(kingOfTheHillClaims)
      .values({
        periodId: period.id,
        userId,
        slot: input.slot,
        betCents,
        winCents,
        multiplier,
        betUrl: input.betUrl,
        screenshotUrl: input.screenshotUrl ?? null,
        createdAt: now,
      })
      .returning();
    await notifyAdmins(tx, {
      ...adminClaimPendingText((await tx.select({ u: users.username }).from(users).where(eq(users.id, userId)))[0]?.u ?? '', input.slot, multiplier),
      at: now,
      data: { claimId: row!.id },
    });
    return presentClaim(row!);
  });
}

/** GET /api/admin/king-of-the-hill: settings, the period and king, claims (pending first) and history. */
export async function adminHill(db: Database, now: Date): Promise<AdminHill> {
  const period = await activePeriod(db, now);
  const [settings, king, claims, past] = await Promise.all([
    readSettings(db),
    kingOf(db, period.id),
    db
      .select({ claim: kingOfTheHillClaims, username: users.username })
      .from(kingOfTheHillClaims)
      .innerJoin(users, eq(users.id, kingOfTheHillClaims.userId))
      .orderBy(sql`case when ${kingOfTheHillClaims.status} = 'pending' then 0 else 1 end`, desc(kingOfTheHillClaims.createdAt))
      .limit(ADMIN_CLAIMS),
    history(db, now),
  ]);
  return {
    settings,
    period: presentPeriod(period),
    king: king ? presentKing(king, now) : null,
    claims: claims.map((c) => presentAdminClaim({ ...c.claim, username: c.username })),
    history: past,
  };
}

/** The claim with its period locked (FOR UPDATE): verify, decline and the period's end take turns. */
async function lockedPendingClaim(tx: Tx, claimId: string) {
  const [claim] = await tx.select().from(kingOfTheHillClaims).where(eq(kingOfTheHillClaims.id, claimId));
  if (!claim) throw new AppError('NOT_FOUND', 'That claim does not exist.');
  const [period] = await tx.select().from(kingOfTheHillPeriods).where(eq(kingOfTheHillPeriods.id, claim.periodId)).for('update');
  const [current] = await tx.select().from(kingOfTheHillClaims).where(eq(kingOfTheHillClaims.id, claimId)).for('update');
  if (current!.status !== 'pending') throw new AppError('CLAIM_ALREADY_DECIDED', `That claim was already ${current!.status}.`);
  return { claim: current!, period: period! };
}

async function adminClaim(tx: Tx, claimId: string): Promise<AdminKingOfTheHillClaim> {
  const [row] = await tx
    .select({ claim: kingOfTheHillClaims, username: users.username })
    .from(kingOfTheHillClaims)
    .innerJoin(users, eq(users.id, kingOfTheHillClaims.userId))
    .where(eq(kingOfTheHillClaims.id, claimId));
  return presentAdminClaim({ ...row!.claim, username: row!.username });
}

/**
 * POST /api/admin/king-of-the-hill/claims/:id/verify: the claimant becomes king; the previous reign
 * ends now (its length kept). Audited. 409 when decided already, when the period has ended, or
 * when a king verified meanwhile has a multiplier this claim does not beat (decline it instead).
 */
export async function verifyClaim(db: Database, claimId: string, actor: AuditActor, now: Date): Promise<AdminKingOfTheHillClaim> {
  // The king at the period's end wins its prize: an admin does not crown themselves; another admin does.
  const [owner] = await db
    .select({ userId: kingOfTheHillClaims.userId, slot: kingOfTheHillClaims.slot })
    .from(kingOfTheHillClaims)
    .where(eq(kingOfTheHillClaims.id, claimId));
  if (owner) {
    await refuseOwnAccount(
      db,
      actor,
      {
        ownerId: owner.userId,
        action: 'koth_claim.verify',
        targetType: 'koth_claim',
        targetId: claimId,
        summary: `verify their own King of the Hill claim on ${owner.slot}`,
        message: 'You cannot verify your own claim. Another admin must decide it.',
      },
      now,
    );
  }
  return db.transaction(async (tx) => {
    const { claim, period } = await lockedPendingClaim(tx, claimId);
    if (period.status !== 'active') throw new AppError('CLAIM_ALREADY_DECIDED', 'That claim’s period has ended: decline it.');
    const king = await kingOf(tx, period.id);
    if (king && claim.multiplier <= king.multiplier)
      throw new AppError('KING_NOT_BEATEN', `This claim does not beat the king's ${king.multiplier.toFixed(2)}×: decline it.`);
    if (king) await tx.update(kingOfTheHillClaims).set({ reignEndedAt: now }).where(eq(kingOfTheHillClaims.id, king.id));
    await tx.update(kingOfTheHillClaims).set({ status: 'verified', decidedAt: now, decidedBy: actor.actorId }).where(eq(kingOfTheHillClaims.id, claim.id));
    const result = await adminClaim(tx, claim.id);
    await recordAudit(tx, {
      ...actor,
      action: 'koth_claim.verify',
      targetType: 'koth_claim',
      targetId: claim.id,
      changes: {
        summary: `${result.user.username} is King of the Hill with ${claim.multiplier.toFixed(2)}× on ${claim.slot}`,
        previousKing: king ? { claimId: king.id, username: king.username, multiplier: king.multiplier } : null,
      },
      at: now,
    });
    await notify(tx, { ...kingOfTheHillClaimDecidedText(claim.slot, claim.multiplier, true), userId: claim.userId, at: now, data: { claimId: claim.id } });
    const crowned = maskUsername(result.user.username);
    await enqueueWebhookEvent(
      tx,
      'koth.crowned',
      {
        king: crowned,
        slot: claim.slot,
        multiplier: claim.multiplier,
        summary: `${crowned} is King of the Hill with ${claim.multiplier.toFixed(2)}× on ${claim.slot}`,
        link: '/king-of-the-hill',
      },
      now,
    );
    return result;
  });
}

/** POST /api/admin/king-of-the-hill/claims/:id/decline: with the reason the claimant sees. Audited. */
export async function declineClaim(db: Database, claimId: string, reason: string, actor: AuditActor, now: Date): Promise<AdminKingOfTheHillClaim> {
  return db.transaction(async (tx) => {
    const { claim } = await lockedPendingClaim(tx, claimId);
    await tx
      .update(kingOfTheHillClaims)
      .set({ status: 'declined', declineReason: reason, decidedAt: now, decidedBy: actor.actorId })
      .where(eq(kingOfTheHillClaims.id, claim.id));
    const result = await adminClaim(tx, claim.id);
    await recordAudit(tx, {
      ...actor,
      action: 'koth_claim.decline',
      targetType: 'koth_claim',
      targetId: claim.id,
      changes: { summary: `${result.user.username}'s claim (${claim.multiplier.toFixed(2)}× on ${claim.slot}) declined: ${reason}`, reason },
      at: now,
    });
    await notify(tx, {
      ...kingOfTheHillClaimDecidedText(claim.slot, claim.multiplier, false, reason),
      userId: claim.userId,
      at: now,
      data: { claimId: claim.id },
    });
    return result;
  });
}

/**
 * PUT /api/admin/king-of-the-hill/settings: the period length and prize. The running period takes
 * them at once (its end moves to start + days, its prize changes); audited.
 */
export async function updateSettings(db: Database, input: KingOfTheHillSettings, actor: AuditActor, now: Date): Promise<AdminHill> {
  await db.transaction(async (tx) => {
    // Audited below with the period the settings apply to, which is known only once they are saved.
    const { before } = await writeSetting(tx, KingOfTheHillSetting, input, now);
    const period = await activePeriod(tx, now);
    const [locked] = await tx.select().from(kingOfTheHillPeriods).where(eq(kingOfTheHillPeriods.id, period.id)).for('update');
    if (locked?.status === 'active') {
      await tx
        .update(kingOfTheHillPeriods)
        .set({ prizePoints: input.prizePoints, endsAt: new Date(locked.startsAt.getTime() + input.periodDays * DAY_MS) })
        .where(eq(kingOfTheHillPeriods.id, locked.id));
    }
    await recordAudit(tx, {
      ...actor,
      action: 'koth.settings',
      targetType: 'koth_period',
      targetId: period.id,
      changes: {
        summary: `King of the Hill: ${input.periodDays}-day periods, ${input.prizePoints.toLocaleString('en-US')} points prize`,
        before,
        after: input,
      },
      at: now,
    });
  });
  return adminHill(db, now);
}

/**
 * The job: ends every period whose end has passed, once across servers (the conditional status
 * update claims it), credits the last king's prize through the ledger in the same transaction and
 * opens the next period with the settings. Returns how many periods ended.
 */
export async function endDuePeriods(db: Database, now: Date): Promise<number> {
  let ended = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [period] = await tx
        .update(kingOfTheHillPeriods)
        .set({ status: 'ended', endedAt: now })
        .where(and(eq(kingOfTheHillPeriods.status, 'active'), lte(kingOfTheHillPeriods.endsAt, now)))
        .returning();
      if (!period) return false;
      const king = await kingOf(tx, period.id);
      if (king) {
        await tx.update(kingOfTheHillClaims).set({ reignEndedAt: period.endsAt }).where(eq(kingOfTheHillClaims.id, king.id));
        await tx.update(kingOfTheHillPeriods).set({ winnerId: king.userId }).where(eq(kingOfTheHillPeriods.id, period.id));
        if (period.prizePoints > 0) {
          await credit(tx, {
            userId: king.userId,
            amount: period.prizePoints,
            reason: 'koth_prize',
            refType: 'koth_period',
            refId: period.id,
            note: `King of the Hill: ${king.multiplier.toFixed(2)}× on ${king.slot}`,
            at: now,
          });
        }
      }
      if (king)
        await notify(tx, {
          ...kingOfTheHillWonText(king.slot, king.multiplier, period.prizePoints),
          userId: king.userId,
          at: now,
          data: { periodId: period.id },
        });
      // Pending claims of the ended period can no longer crown anyone; they stay for the admin to decline.
      await activePeriod(tx, now);
      return true;
    });
    if (!done) return ended;
    ended += 1;
  }
}
