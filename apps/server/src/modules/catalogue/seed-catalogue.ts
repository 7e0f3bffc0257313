import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { levelRewards, raffleEntries, raffles, rewards, users } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { credit, debit } from '../../platform/ledger.ts';
import { insertRaffle } from '../raffles/index.ts';
import { drawRaffle } from '../raffles/index.ts';
import { insertUser } from '../users/index.ts';
import { SAMPLE_ENTRANTS, SAMPLE_LEVEL_REWARDS, SAMPLE_RAFFLES, SAMPLE_REWARDS } from './sample-catalogue.ts';

const HOUR = 60 * 60 * 1000;
// Servers starting together seed one at a time (the second finds the catalogue full).
const SEED_LOCK = 726_463_009;
const ENTRANT_BONUS = 1_000;

async function sampleEntrants(db: Database, at: Date): Promise<string[]> {
  const ids: string[] = [];
  for (const name of SAMPLE_ENTRANTS) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${name})`);
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const id = await db.transaction(async (tx) => {
      const user = await insertUser(
        tx,
        {
          email: `${name.toLowerCase()}@sample.invalid`,
          username: name,
          // Not an argon2 hash: no password ever matches (verifyPassword answers false).
          passwordHash: `!sample-${randomBytes(8).toString('hex')}`,
          emailVerified: true,
        },
        at,
      );
      await credit(tx, { userId: user.id, amount: ENTRANT_BONUS, reason: 'signup_bonus', note: 'Sample member', at });
      return user.id;
    });
    ids.push(id);
  }
  return ids;
}

/** Seeds the sample rewards and raffles into an empty catalogue (each part only when its table is empty). */
export async function seedCatalogue(db: Database, clock: Clock): Promise<{ rewards: number; raffles: number }> {
  const now = clock.now();
  const toDraw: string[] = [];
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [rewardCount] = await tx.select({ n: count() }).from(rewards);
    let addedRewards = 0;
    if ((rewardCount?.n ?? 0) === 0) {
      await tx.insert(rewards).values(
        SAMPLE_REWARDS.map((r, i) => ({
          name: r.name,
          description: r.description,
          category: r.category,
          price: r.price,
          featured: r.featured ?? false,
          stock: r.stock ?? null,
          createdAt: new Date(now.getTime() + i),
          updatedAt: now,
        })),
      );
      addedRewards = SAMPLE_REWARDS.length;
    }
    const [raffleCount] = await tx.select({ n: count() }).from(raffles);
    if ((raffleCount?.n ?? 0) > 0) return { rewards: addedRewards, raffles: 0 };
    const entrants = await sampleEntrants(tx, now);
    for (const sample of SAMPLE_RAFFLES) {
      const startDate = new Date(now.getTime() + sample.startsIn * HOUR);
      const endDate = new Date(now.getTime() + sample.endsIn * HOUR);
      const row = await insertRaffle(
        tx,
        {
          title: sample.title,
          description: sample.description,
          prize: sample.prize,
          prizePoints: sample.prizePoints ?? null,
          winners: sample.winners ?? 1,
          pointsCost: sample.pointsCost,
          requirements: sample.requirements ?? '',
          type: sample.type ?? 'cash',
          featured: sample.featured ?? false,
          restricted: sample.restricted ?? false,
          minLevel: sample.minLevel ?? null,
          startDate: startDate.toISOString(),
          endDate: endDate.toISOString(),
          image: '',
        },
        now,
      );
      // Past raffles get entries (paid through the ledger like any entry) and are drawn below.
      for (let i = 0; i < (sample.entrants ?? 0); i += 1) {
        const userId = entrants[i % entrants.length]!;
        const enteredAt = new Date(startDate.getTime() + (i + 1) * 17 * 60 * 1000);
        await tx.insert(raffleEntries).values({ raffleId: row.id, userId, pointsSpent: sample.pointsCost, createdAt: enteredAt });
        if (sample.pointsCost > 0) {
          await debit(tx, { userId, amount: sample.pointsCost, reason: 'raffle_entry', refType: 'raffle', refId: row.id, note: sample.title, at: enteredAt });
        }
      }
      toDraw.push(row.id);
    }
    return { rewards: addedRewards, raffles: SAMPLE_RAFFLES.length };
  });
  // The ended ones are drawn by the real draw (each in its own transaction, as the job does).
  for (const id of toDraw) await drawRaffle(db, id, now);
  return result;
}

/**
 * Seeds the sample level rewards (points for levels 2..24) when none are set: the dashboard's
 * "Rewards earned" counts them. Only into an empty table, so an admin's choice (even removing all) stays.
 */
export async function seedLevelRewards(db: Database, clock: Clock): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(levelRewards);
    if ((existing?.n ?? 0) > 0) return 0;
    await tx.insert(levelRewards).values(SAMPLE_LEVEL_REWARDS.map((r) => ({ level: r.level, title: 'Level-up bonus', points: r.points, updatedAt: now })));
    return SAMPLE_LEVEL_REWARDS.length;
  });
}

async function seedCataloguePlugin(app: FastifyInstance, opts: { enabled: boolean }): Promise<void> {
  if (!opts.enabled) return;
  const seeded = await seedCatalogue(app.db, app.clock);
  if (seeded.rewards > 0 || seeded.raffles > 0) app.log.info(seeded, 'sample catalogue seeded');
  const levelRewardsSeeded = await seedLevelRewards(app.db, app.clock);
  if (levelRewardsSeeded > 0) app.log.info({ levelRewards: levelRewardsSeeded }, 'sample level rewards seeded');
}

export default fp(seedCataloguePlugin, { name: 'seed-catalogue', dependencies: ['db'] });
