import { drawRaffleWinners, raffleSeedMatches } from '@app/shared/domain/raffle-draw';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, users } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { useTestApp } from '../../test/factories.ts';
import { makeUser } from '../../test/factories.ts';
import { DEMO_SIGNUP_BONUS } from '../auth/seed-accounts.ts';
import { SAMPLE_LEVEL_REWARDS, SAMPLE_RAFFLES, SAMPLE_REWARDS } from './sample-catalogue.ts';
import { seedCatalogue, seedLevelRewards } from './seed-catalogue.ts';

type RaffleJson = {
  id: string;
  status: string;
  pointsCost: number;
  entryCost: string;
  featured: boolean;
  restricted: boolean;
  requirements: string;
  prizePoints: number | null;
  winners: number;
  entries: number;
  draw: { seed: string; seedHash: string; entrantUids: string[]; entriesDigest: string; winnerUids: string[] };
};

describe(`sample catalogue (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const t = useTestApp({ SEED_CATALOGUE: 'true', DEMO_EMAIL: 'demo@example.com', DEMO_PASSWORD: 'Demo-Password-42' }, { clock });

  it('seeds the store: prices 500 to 5,000 plus the dashboard items, all four categories, featured ones, one small stock', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/store/rewards' })).json().rewards as {
      name: string;
      category: string;
      price: number;
      featured: boolean;
      stock: number | null;
    }[];
    expect(list).toHaveLength(SAMPLE_REWARDS.length);
    expect(new Set(list.map((r) => r.category))).toEqual(new Set(['cashbacks', 'bonuses', 'merchandise', 'vip']));
    expect(list.filter((r) => r.featured).length).toBeGreaterThanOrEqual(3);
    expect(list.filter((r) => r.stock !== null && r.stock <= 5)).toHaveLength(1);
    const prices = list.filter((r) => r.name !== 'VIP Membership Pass').map((r) => r.price);
    expect(Math.min(...prices)).toBe(500);
    expect(Math.max(...prices)).toBe(5_000);
    const dashboard = {
      'Free Spin Pack': 1_000,
      'Bonus Code Bundle': 2_500,
      'Welcome Gift Box': 500,
      'Game Credit Pack': 3_500,
      'VIP Membership Pass': 10_000,
      'Stats Boost Pack': 1_500,
      'Risk-Free Bet Token': 5_000,
    };
    for (const [name, price] of Object.entries(dashboard)) expect(list.find((r) => r.name === name)?.price, name).toBe(price);
  });

  it('seeds raffles in every status the clock allows, with Free and points costs, restricted, featured and a points prize', async () => {
    const raffles = (await t.app.inject({ method: 'GET', url: '/api/raffles' })).json().raffles as RaffleJson[];
    expect(raffles).toHaveLength(SAMPLE_RAFFLES.length);
    const by = (status: string) => raffles.filter((r) => r.status === status);
    expect(by('Active').length).toBeGreaterThanOrEqual(3);
    expect(by('Upcoming').length).toBeGreaterThanOrEqual(2);
    expect(by('Completed').length).toBeGreaterThanOrEqual(7);
    expect(raffles.some((r) => r.entryCost === 'Free')).toBe(true);
    expect(raffles.some((r) => r.entryCost === '50 Points')).toBe(true);
    expect(raffles.some((r) => r.restricted && r.requirements !== '')).toBe(true);
    expect(raffles.some((r) => r.featured && r.status === 'Active')).toBe(true);
    expect(raffles.some((r) => r.prizePoints !== null && r.status === 'Active')).toBe(true);
    // The flash raffle ends minutes after the start: Pending until the job draws it.
    clock.advance(10 * 60 * 1000);
    const pending = (await t.app.inject({ method: 'GET', url: '/api/raffles' })).json().raffles.filter((r: RaffleJson) => r.status === 'Pending');
    expect(pending).toHaveLength(1);
    await t.app.runJobs();
    const after = (await t.app.inject({ method: 'GET', url: '/api/raffles' })).json().raffles as RaffleJson[];
    expect(after.filter((r) => r.status === 'Pending')).toHaveLength(0);
  });

  it('completed raffles were drawn by the real draw over sample entrants, and their published data reproduces the winners', async () => {
    const raffles = (await t.app.inject({ method: 'GET', url: '/api/raffles' })).json().raffles as RaffleJson[];
    const completed = raffles.filter((r) => r.status === 'Completed' && r.entries > 0);
    expect(completed.length).toBeGreaterThanOrEqual(7);
    for (const r of completed) {
      expect(raffleSeedMatches(r.draw.seed, r.draw.seedHash)).toBe(true);
      expect(r.draw.entrantUids).toHaveLength(r.entries);
      const again = drawRaffleWinners(r.draw.seed, r.draw.entrantUids, r.winners);
      expect(again.entriesDigest).toBe(r.draw.entriesDigest);
      expect(again.winnerUids).toEqual(r.draw.winnerUids);
      expect(r.draw.winnerUids).toHaveLength(Math.min(r.winners, r.entries));
    }
    const jackpot = completed.find((r) => r.prizePoints === 10_000)!;
    const prizeRows = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, jackpot.id));
    expect(prizeRows.filter((row) => row.reason === 'raffle_prize').map((row) => row.amount)).toEqual([10_000, 10_000]);
  });

  it('gives the demo user 12,500 points through the ledger; every balance reconciles; a second seed adds nothing', async () => {
    const [demo] = await t.app.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    expect(demo!.points).toBe(DEMO_SIGNUP_BONUS);
    const rows = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, demo!.id));
    expect(rows.map((r) => [r.reason, r.amount])).toEqual([['signup_bonus', 12_500]]);
    expect(await seedCatalogue(t.app.db, clock)).toEqual({ rewards: 0, raffles: 0 });
    const admin = await makeUser(t.app, { admin: true });
    const check = await t.app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: admin.auth });
    expect(check.json()).toMatchObject({ ok: true, mismatches: [] });
  });

  it('seeds points rewards for levels 2 to 24, the ones the dashboard counts as earned (level minus 1); a second seed adds nothing', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/levelup-rewards' })).json().rewards as {
      level: number;
      levelName: string;
      points: number | null;
    }[];
    expect(list.map((r) => r.level)).toEqual(Array.from({ length: 23 }, (_, i) => i + 2));
    expect(list.every((r) => r.points !== null && r.points > 0)).toBe(true);
    expect(list[0]).toMatchObject({ level: 2, levelName: 'Bronze 2', points: SAMPLE_LEVEL_REWARDS[0]!.points });
    // Reaching level 6 has earned the rewards of levels 2..6: five, as the dashboard says.
    expect(list.filter((r) => r.level <= 6)).toHaveLength(5);
    expect(await seedLevelRewards(t.app.db, clock)).toBe(0);
  });
});
