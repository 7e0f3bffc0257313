import {
  HOW_TO_DEFAULT_BONUS_POINTS,
  HOW_TO_GUIDES,
  HowToSettingsSchema,
  type HowToProgress,
  type HowToReportedStep,
  type HowToSettings,
  type HowToStepId,
} from '@app/shared/api/how-to';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { casinoAccounts, howToBonusClaims, howToSteps, ledgerEntries, orders, profilePartners, raffleEntries, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { defineSetting, readSetting, writeSetting } from '../../platform/settings.ts';
import { credit } from '../../platform/ledger.ts';
import { platformAccountOf } from '../chat/index.ts';

/**
 * Interactive How-To's: each step's state is read from the member's real state (e-mail verified,
 * profile partners or a crypto address, a linked casino account, a linked Kick account, points earned from wagers, an
 * order, a raffle entry), except the two verifications that happen only in the browser, which the
 * page records when the member's verification ran. Finishing Get started credits the bonus once:
 * the claim row's key is inserted in the credit's transaction.
 */

type Db = Database | Tx;

const HowToSetting = defineSetting<HowToSettings>({ key: 'how_to', schema: HowToSettingsSchema, defaultValue: { bonusPoints: HOW_TO_DEFAULT_BONUS_POINTS } });

export async function readHowToSettings(db: Db): Promise<HowToSettings> {
  return readSetting(db, HowToSetting);
}

const exists = (query: Promise<unknown[]>) => query.then((rows) => rows.length > 0);

/** Which steps the member has done, from their rows. */
async function doneSteps(db: Db, userId: string): Promise<Set<HowToStepId>> {
  const [user] = await db
    .select({ emailVerified: users.emailVerified, xp: users.xp, btc: users.cryptoBtc, eth: users.cryptoEth, usdt: users.cryptoUsdt, sol: users.cryptoSol })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const [profile, casino, kick, earned, redeemed, entered, reported] = await Promise.all([
    exists(db.select({ u: profilePartners.userId }).from(profilePartners).where(eq(profilePartners.userId, userId)).limit(1)),
    exists(
      db
        .select({ id: casinoAccounts.id })
        .from(casinoAccounts)
        .where(and(eq(casinoAccounts.userId, userId), inArray(casinoAccounts.state, ['pending', 'verified'])))
        .limit(1),
    ),
    platformAccountOf(db, 'kick', userId),
    exists(
      db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reason, 'wager_credit'), gt(ledgerEntries.amount, 0)))
        .limit(1),
    ),
    exists(db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1)),
    exists(db.select({ id: raffleEntries.id }).from(raffleEntries).where(eq(raffleEntries.userId, userId)).limit(1)),
    db.select({ step: howToSteps.step }).from(howToSteps).where(eq(howToSteps.userId, userId)),
  ]);
  const done = new Set<HowToStepId>();
  if (user.emailVerified) done.add('verify-email');
  // Profile completion saves partner usernames and crypto addresses (PATCH /api/profile/complete): either counts.
  if (profile || [user.btc, user.eth, user.usdt, user.sol].some((a) => a !== '')) done.add('complete-profile');
  if (casino) done.add('link-casino');
  if (kick) done.add('link-kick');
  if (earned || user.xp > 0) done.add('earn-points');
  if (redeemed) done.add('redeem-store');
  if (entered) done.add('enter-raffle');
  for (const r of reported) done.add(r.step as HowToStepId);
  return done;
}

/**
 * GET /api/how-to: the guides with each step's state. When Get started is done and its bonus not yet
 * paid, the bonus is credited here (through the ledger, reason how_to_bonus), once: a repeat or a
 * concurrent read finds the claim row's key taken and credits nothing.
 */
export async function howToProgress(db: Database, userId: string, now: Date): Promise<HowToProgress> {
  const done = await doneSteps(db, userId);
  const guides = HOW_TO_GUIDES.map((g) => {
    const steps = g.steps.map((id) => ({ id, isDone: done.has(id) }));
    return { id: g.id, steps, isDone: steps.every((s) => s.isDone) };
  });
  const isStarted = guides[0]!.isDone;
  const settings = await readHowToSettings(db);
  let [claim] = await db.select().from(howToBonusClaims).where(eq(howToBonusClaims.userId, userId));
  if (!claim && isStarted) {
    claim = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(howToBonusClaims).values({ userId, points: settings.bonusPoints, creditedAt: now }).onConflictDoNothing().returning();
      if (inserted && inserted.points > 0) {
        await credit(tx, {
          userId,
          amount: inserted.points,
          reason: 'how_to_bonus',
          refType: 'how_to',
          refId: 'get-started',
          note: "Interactive How-To's: Get started",
          at: now,
        });
      }
      return inserted;
    });
    claim ??= (await db.select().from(howToBonusClaims).where(eq(howToBonusClaims.userId, userId)))[0];
  }
  return {
    guides,
    bonus: { points: claim?.points ?? settings.bonusPoints, creditedAt: claim?.creditedAt.toISOString() ?? null },
  };
}

/** POST /api/how-to/steps/:step: records a browser-only step (kept once; a repeat changes nothing). */
export async function recordStep(db: Database, userId: string, step: HowToReportedStep, now: Date): Promise<HowToProgress> {
  await db.insert(howToSteps).values({ userId, step, completedAt: now }).onConflictDoNothing();
  return howToProgress(db, userId, now);
}

/** PUT /api/admin/how-to/settings: the Get started bonus for members who finish from now on (audited). */
export async function updateHowToSettings(db: Database, input: HowToSettings, actor: AuditActor, now: Date): Promise<HowToSettings> {
  await writeSetting(db, HowToSetting, input, now, {
    actor,
    describe: (before, after) => ({
      action: 'how_to.settings',
      targetType: 'how_to',
      targetId: null,
      changes: { summary: `Get started bonus: ${after.bonusPoints.toLocaleString('en-US')} points`, before, after },
    }),
  });
  return input;
}
