import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bonusHunts, challenges, users } from '../../db/schema.ts';
import type { AuditActor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { restrictionCheck } from '../../platform/restrictions.ts';
import { createHunt } from '../bonus-hunts/index.ts';
import { addBonus, updateBonus } from '../bonus-hunts/index.ts';
import { submitGuess } from '../bonus-hunts/index.ts';
import { setHuntStatus } from '../bonus-hunts/index.ts';
import { createChallenge } from '../challenges/index.ts';
import { sampleMember } from './seed-demo-members.ts';
import { seedDemoDealOrNoDeal, seedDemoGiveaway, seedDemoKing } from './seed-demo-stream-games.ts';

/**
 * The demo's stream pages: a finished bonus hunt with sample members' guesses, an active challenge,
 * a completed giveaway, a finished Deal or No Deal round and a King of the Hill reign
 * (seed-demo-stream-games.ts), made through the same operations an admin and a member use (audit rows, the
 * ledger's entry cost and prizes), so nothing is in a state the app could not reach. Each only when
 * its table is empty, at start with the sample data on (SEED_CATALOGUE), never in tests.
 */

const DAY = 86_400_000;

/** The sample hunt: bets and wins in cents (the sum of the wins is the final balance). */
const SAMPLE_HUNT = {
  title: 'Sunday Sample Hunt',
  casino: 'Stake',
  startBalance: 100_000,
  entryCost: 0,
  prizes: [2_500, 1_000],
  bonuses: [
    { slotName: 'Gates of Olympus', bet: 200, win: 18_400 },
    { slotName: 'Sweet Bonanza', bet: 200, win: 9_150 },
    { slotName: 'Wanted Dead or a Wild', bet: 100, win: 21_600 },
    { slotName: 'Sugar Rush', bet: 200, win: 4_290 },
  ],
  /** Sample members' guesses of the final balance (cents): the closest win the prizes. */
  guesses: [
    { username: 'GuessingGrace', amount: 52_000 },
    { username: 'BalanceBob', amount: 61_500 },
    { username: 'HuntHelga', amount: 47_250 },
  ],
} as const;

export type DemoStreamSeeded = { hunts: number; challenges: number; giveaways: number; rounds: number; reigns: number };

export async function seedDemoStream(db: Database, clock: Clock): Promise<DemoStreamSeeded> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.createdAt)).limit(1);
  const actor: AuditActor = { actorId: admin?.id ?? null, ip: null, userAgent: 'sample data at first start' };
  let hunts = 0;
  const [huntCount] = await db.select({ n: count() }).from(bonusHunts);
  if ((huntCount?.n ?? 0) === 0) {
    const now = clock.now();
    const created = await createHunt(
      db,
      {
        title: SAMPLE_HUNT.title,
        casino: SAMPLE_HUNT.casino,
        currency: 'USD',
        startBalance: SAMPLE_HUNT.startBalance,
        entryCost: SAMPLE_HUNT.entryCost,
        prizes: [...SAMPLE_HUNT.prizes],
      },
      actor,
      now,
    );
    const hunt = created.hunt;
    const ids: string[] = [];
    for (const b of SAMPLE_HUNT.bonuses) {
      const detail = await addBonus(db, hunt.id, { slotName: b.slotName, bet: b.bet }, actor, now);
      ids.push(detail.bonuses.at(-1)!.id);
    }
    for (const g of SAMPLE_HUNT.guesses) {
      const userId = await sampleMember(db, g.username, now);
      await db.transaction((tx) =>
        submitGuess(tx, { huntId: hunt.id, userId, amount: g.amount, at: now, restriction: restrictionCheck('guess_the_balance', userId, now) }),
      );
    }
    await setHuntStatus(db, hunt.id, 'opening', actor, now);
    for (const [i, b] of SAMPLE_HUNT.bonuses.entries()) await updateBonus(db, hunt.id, ids[i]!, { win: b.win }, actor, now);
    await setHuntStatus(db, hunt.id, 'finished', actor, now);
    hunts = 1;
  }
  let added = 0;
  const [challengeCount] = await db.select({ n: count() }).from(challenges);
  if ((challengeCount?.n ?? 0) === 0) {
    const now = clock.now();
    await createChallenge(
      db,
      {
        title: 'Hit 500× on Gates of Olympus',
        partner: 'p1',
        game: 'Gates of Olympus',
        minBet: 0.2,
        targetMultiplier: 500,
        prizePoints: 5_000,
        winners: 3,
        startsAt: new Date(now.getTime() - DAY).toISOString(),
        endsAt: new Date(now.getTime() + 7 * DAY).toISOString(),
      },
      actor,
      now,
    );
    added = 1;
  }
  const giveaways = await seedDemoGiveaway(db, actor, clock.now());
  const rounds = await seedDemoDealOrNoDeal(db, actor, clock.now());
  const reigns = await seedDemoKing(db, actor, clock.now());
  return { hunts, challenges: added, giveaways, rounds, reigns };
}
