import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { sha256Hex } from '@app/shared/fairness/engine';
import { DEAL_OR_NO_DEAL_PRESETS } from '@app/shared/games/deal-or-no-deal';
import type { Database } from '../../db/client.ts';
import { casinoAccounts, dealOrNoDealRounds, giveaways, kingOfTheHillClaims, wagers } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { restrictionCheck } from '../../platform/restrictions.ts';
import { closeRound, createRound, joinRound, makeMove, openRound } from '../deal-or-no-deal/index.ts';
import { closeGiveawayNow, drawGiveawayNow, enterFromChat } from '../giveaways/index.ts';
import { submitClaim, verifyClaim } from '../king-of-the-hill/index.ts';
import { sampleMember } from './seed-demo-members.ts';

/*
 * The rest of the demo's stream pages: a completed chat giveaway, a finished Deal or No Deal round and
 * a King of the Hill reign, each played through the operations the admin, the chat and the members use
 * (audit rows, entries, the provably-fair draws, the ledger), and each only when its table is empty.
 */

const DAY = 86_400_000;

async function isEmpty(db: Database, table: typeof giveaways | typeof dealOrNoDealRounds | typeof kingOfTheHillClaims): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/** Kick viewers who typed the keyword (not linked to accounts: the winner has 48 hours to link and claim). */
const GIVEAWAY_VIEWERS = [
  { kickUserId: '900001', username: 'SpinSally', isSubscriber: true },
  { kickUserId: '900002', username: 'ReelRick', isSubscriber: false },
  { kickUserId: '900003', username: 'WildWanda', isSubscriber: false },
  { kickUserId: '900004', username: 'ScatterSam', isSubscriber: true },
  { kickUserId: '900005', username: 'BonusBella', isSubscriber: false },
] as const;

/**
 * A text-prize giveaway that took entries from chat, closed and drew its winner. Starting one needs a
 * connected chat (nobody could enter otherwise), which a demo does not have: the start is written here as
 * the start writes it (the row with its committed seed, and the audit entry); the entries, the close and
 * the draw are the chat's and the admin's own operations.
 */
export async function seedDemoGiveaway(db: Database, actor: AuditActor, now: Date): Promise<number> {
  if (!(await isEmpty(db, giveaways))) return 0;
  const seed = randomBytes(32).toString('hex');
  const [row] = await db
    .insert(giveaways)
    .values({
      prize: 'A signed stream hoodie',
      prizePoints: null,
      keyword: '!join',
      winners: 1,
      entryMode: 'anyone',
      subscriberLuck: 2,
      opensAt: now,
      closesAt: new Date(now.getTime() + 5 * 60_000),
      seed,
      seedHash: sha256Hex(seed),
      createdBy: actor.actorId,
      createdAt: now,
    })
    .returning();
  const giveaway = row!;
  await recordAudit(db, {
    ...actor,
    action: 'giveaway.start',
    targetType: 'giveaway',
    targetId: giveaway.id,
    changes: { summary: `Giveaway #${giveaway.giveawayNumber}: ${giveaway.prize}`, seedHash: giveaway.seedHash },
    at: now,
  });
  for (const viewer of GIVEAWAY_VIEWERS) {
    await db.transaction((tx) => enterFromChat(tx, { ...viewer, content: '!join', at: now }));
  }
  await closeGiveawayNow(db, giveaway.id, actor, now);
  await drawGiveawayNow(db, giveaway.id, actor, now);
  return 1;
}

const ROUND_ENTRANTS = ['CaseCaptain', 'BankerBeth', 'DealDan'] as const;

/**
 * A 16-case round: three sample members join, the draw picks the contestant, who takes case 1, opens
 * cases in order and answers the banker's first offer with Deal (the prize through the ledger).
 */
export async function seedDemoDealOrNoDeal(db: Database, actor: AuditActor, now: Date): Promise<number> {
  if (!(await isEmpty(db, dealOrNoDealRounds))) return 0;
  const created = await createRound(db, [...DEAL_OR_NO_DEAL_PRESETS[16]], actor, now);
  await openRound(db, created.id, actor, now);
  const entrantIds = new Map<string, string>();
  for (const username of ROUND_ENTRANTS) {
    const userId = await sampleMember(db, username, now);
    entrantIds.set(username, userId);
    await db.transaction((tx) =>
      joinRound(tx, { roundId: created.id, userId, source: 'web', at: now, restriction: restrictionCheck('dealornodeal', userId, now) }),
    );
  }
  const { round } = await closeRound(db, created.id, actor, now);
  const contestantId = round.contestant ? entrantIds.get(round.contestant.username) : undefined;
  if (!contestantId) return 1;
  const play = (move: Parameters<typeof makeMove>[1]['move']) =>
    makeMove(db, { roundId: created.id, userId: contestantId, move, now, restriction: restrictionCheck('dealornodeal', contestantId, now) });
  let state = (await play({ action: 'pick', case: 1 })).round;
  let next = 2;
  // The first offer comes once the first round's cases are open; the contestant deals at once.
  for (let moves = 0; state.stage === 'open' && moves < 16; moves += 1) state = (await play({ action: 'open', case: next++ })).round;
  if (state.stage === 'offer') await play({ action: 'deal' });
  return 1;
}

const KING = { username: 'HillHolder', slot: 'Wanted Dead or a Wild', bet: 0.4, win: 500, wagerCents: 2_500_000 } as const;

/**
 * The hill's current king: a sample VIP member (verified wagers at an earning partner, dated well before
 * the sample races so no standing moves) claims with a win, and the admin verifies the claim.
 */
export async function seedDemoKing(db: Database, actor: AuditActor, now: Date): Promise<number> {
  if (!(await isEmpty(db, kingOfTheHillClaims))) return 0;
  const userId = await sampleMember(db, KING.username, now);
  await db.insert(casinoAccounts).values({ userId, partner: 'p1', username: KING.username, state: 'verified', decidedAt: now, createdAt: now, updatedAt: now });
  await db
    .insert(wagers)
    .values({
      partner: 'p1',
      usernameKey: KING.username.toLowerCase(),
      day: new Date(now.getTime() - 120 * DAY).toISOString().slice(0, 10),
      category: 'slots',
      username: KING.username,
      cents: KING.wagerCents,
      source: 'csv',
      updatedAt: now,
    })
    .onConflictDoNothing();
  const claim = await submitClaim(
    db,
    userId,
    { slot: KING.slot, bet: KING.bet, win: KING.win, betUrl: 'https://stake.com/casino/games/wanted-dead-or-a-wild' },
    now,
    restrictionCheck('raffle', userId, now),
  );
  await verifyClaim(db, claim.id, actor, now);
  return 1;
}
