import { leaderboardName, type LeaderboardMetric, type LeaderboardStatus, type PartnerId } from '@app/shared/domain/leaderboards';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { affiliates, leaderboards, raceResults } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { seedDemoStream } from './seed-demo-stream.ts';

/**
 * Sample affiliates and leaderboard races for a new install, so the console has something to show,
 * seeded like the catalogue: each table only when it is empty, at first start, never in tests
 * (SEED_CATALOGUE=false).
 */

const DAY = 86_400_000;
// Servers starting together seed one at a time (the second finds the tables full).
const SEED_LOCK = 726_463_010;

/** spec 2 §3 Affiliate (sample data; the spec's e-mails are placeholders, these use example.com). */
export const SAMPLE_AFFILIATES = [
  {
    name: 'CryptoKing Media',
    email: 'partners@cryptoking.example.com',
    partner: 'Stake',
    status: 'Active',
    payoutMethod: 'Crypto',
    earnings: 12_450.5,
    clicks: 8_420,
    conversion: 4.2,
    joinedDaysAgo: 410,
  },
  {
    name: 'SlotStream Network',
    email: 'team@slotstream.example.com',
    partner: 'Roobet',
    status: 'Active',
    payoutMethod: 'PayPal',
    earnings: 8_320,
    clicks: 6_115,
    conversion: 3.8,
    joinedDaysAgo: 265,
  },
  {
    name: 'HighRoller Reviews',
    email: 'hello@highroller.example.com',
    partner: 'BC.Game',
    status: 'Pending',
    payoutMethod: 'Bank Transfer',
    earnings: 0,
    clicks: 310,
    conversion: 1.1,
    joinedDaysAgo: 6,
  },
  {
    name: 'SpinCast TV',
    email: 'biz@spincast.example.com',
    partner: 'Rollbit',
    status: 'Active',
    payoutMethod: 'Crypto',
    earnings: 5_975.25,
    clicks: 4_980,
    conversion: 2.9,
    joinedDaysAgo: 180,
  },
  {
    name: 'LuckyLoot Guides',
    email: 'contact@luckyloot.example.com',
    partner: 'Gamdom',
    status: 'Suspended',
    payoutMethod: 'PayPal',
    earnings: 1_240,
    clicks: 2_050,
    conversion: 0.8,
    joinedDaysAgo: 520,
  },
] as const;

/** Sample races around the start date: one Active monthly, one Upcoming weekly, one Completed weekend. */
export const SAMPLE_RACES: {
  partnerId: PartnerId;
  metric: LeaderboardMetric;
  status: LeaderboardStatus;
  startsIn: number;
  days: number;
  prizePool: number;
  prizes: { position: string; amount: number }[];
  isGlobalRaffle: boolean;
}[] = [
  {
    partnerId: 'p1',
    metric: 'Total Wager',
    status: 'Active',
    startsIn: -10,
    days: 30,
    prizePool: 20_000,
    prizes: [
      { position: '1', amount: 8_000 },
      { position: '2', amount: 4_000 },
      { position: '3', amount: 2_000 },
      { position: '4', amount: 1_500 },
      { position: '5', amount: 1_200 },
      { position: '6', amount: 1_000 },
      { position: '7', amount: 800 },
      { position: '8', amount: 600 },
      { position: '9', amount: 500 },
      { position: '10', amount: 400 },
      // spec 2 §9: 18 paid positions, down to $100.
      { position: '11', amount: 350 },
      { position: '12', amount: 300 },
      { position: '13', amount: 250 },
      { position: '14', amount: 200 },
      { position: '15', amount: 175 },
      { position: '16', amount: 150 },
      { position: '17', amount: 125 },
      { position: '18', amount: 100 },
    ],
    isGlobalRaffle: true,
  },
  {
    partnerId: 'p2',
    metric: 'Slot Wager',
    status: 'Upcoming',
    startsIn: 3,
    days: 7,
    prizePool: 5_000,
    prizes: [
      { position: '1', amount: 2_500 },
      { position: '2', amount: 1_500 },
      { position: '3', amount: 1_000 },
    ],
    isGlobalRaffle: false,
  },
  {
    partnerId: 'p5',
    metric: 'Total Wager',
    status: 'Completed',
    startsIn: -9,
    days: 2,
    prizePool: 1_000,
    prizes: [
      { position: '1', amount: 500 },
      { position: '2', amount: 300 },
      { position: '3', amount: 200 },
    ],
    isGlobalRaffle: false,
  },
];

/** The sample players of the Completed sample race's final standings. */
const SAMPLE_RESULTS = ['LuckyLena', 'SpinMaster99', 'HighRollerHank', 'ReelQueen', 'CryptoCarl'] as const;

export async function seedAdminSamples(db: Database, clock: Clock): Promise<{ affiliates: number; races: number }> {
  const now = clock.now().getTime();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    let addedAffiliates = 0;
    const [affiliateCount] = await tx.select({ n: count() }).from(affiliates);
    if ((affiliateCount?.n ?? 0) === 0) {
      await tx.insert(affiliates).values(
        SAMPLE_AFFILIATES.map((a, i) => ({
          name: a.name,
          email: a.email,
          partner: a.partner,
          status: a.status,
          payoutMethod: a.payoutMethod,
          totalEarningsCents: Math.round(a.earnings * 100),
          totalClicks: a.clicks,
          conversionRate: a.conversion,
          joinDate: new Date(now - a.joinedDaysAgo * DAY),
          lastActive: a.status === 'Active' ? new Date(now - (i + 1) * 3_600_000) : null,
          createdAt: new Date(now - (SAMPLE_AFFILIATES.length - i)),
          updatedAt: new Date(now),
        })),
      );
      addedAffiliates = SAMPLE_AFFILIATES.length;
    }
    let addedRaces = 0;
    const [raceCount] = await tx.select({ n: count() }).from(leaderboards);
    if ((raceCount?.n ?? 0) === 0) {
      const inserted = await tx
        .insert(leaderboards)
        .values(
          SAMPLE_RACES.map((r, i) => {
            const startDate = new Date(now + r.startsIn * DAY);
            const endDate = new Date(startDate.getTime() + r.days * DAY);
            return {
              name: leaderboardName({ partnerId: r.partnerId, metric: r.metric, prizePool: r.prizePool, startDate, endDate }),
              status: r.status,
              partnerId: r.partnerId,
              metric: r.metric,
              startDate,
              endDate,
              participants: 0,
              prizePool: r.prizePool,
              prizes: r.prizes,
              isGlobalRaffle: r.isGlobalRaffle,
              wagerToTicketRatio: 1000,
              createdAt: new Date(now - (SAMPLE_RACES.length - i)),
              updatedAt: new Date(now),
            };
          }),
        )
        .returning();
      // The Completed sample keeps final standings of sample players (no accounts), so its prizes
      // can be marked paid in the race detail.
      const completed = inserted.find((r) => r.status === 'Completed');
      if (completed) {
        const standings = SAMPLE_RESULTS.map((username, i) => ({
          leaderboardId: completed.id,
          position: i + 1,
          userId: null,
          username,
          wageredCents: (48_000 - i * 7_250) * 100,
          tickets: 0,
          prize: completed.prizes.find((p) => p.position === String(i + 1))?.amount ?? 0,
          createdAt: completed.endDate!,
        }));
        await tx.insert(raceResults).values(standings);
        await tx
          .update(leaderboards)
          .set({ participants: standings.length })
          .where(sql`${leaderboards.id} = ${completed.id}`);
      }
      addedRaces = SAMPLE_RACES.length;
    }
    return { affiliates: addedAffiliates, races: addedRaces };
  });
}

async function seedAdminPlugin(app: FastifyInstance, opts: { enabled: boolean }): Promise<void> {
  if (!opts.enabled) return;
  const seeded = await seedAdminSamples(app.db, app.clock);
  if (seeded.affiliates > 0 || seeded.races > 0) app.log.info(seeded, 'sample affiliates and races seeded');
  const stream = await seedDemoStream(app.db, app.clock);
  if (Object.values(stream).some((n) => n > 0)) app.log.info(stream, 'sample stream pages seeded');
}

export default fp(seedAdminPlugin, { name: 'seed-admin', dependencies: ['db'] });
