import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  bonusHunts,
  challenges,
  dealOrNoDealRounds,
  giveawayEntries,
  giveaways,
  giveawayWinners,
  huntGuesses,
  kingOfTheHillClaims,
  ledgerEntries,
} from '../../db/schema.ts';
import { useTestApp } from '../../test/factories.ts';
import { seedDemoStream } from './seed-demo-stream.ts';

const ACCOUNTS = {
  SEED_CATALOGUE: 'true',
  ADMIN_EMAIL: 'boss@example.com',
  ADMIN_PASSWORD: 'Boss-Pass-12345',
  DEMO_EMAIL: 'demo.user@example.com',
  DEMO_PASSWORD: 'Demo-Pass-12345',
};

// A seeded start plays a hunt, a giveaway, a Deal or No Deal round and a King of the Hill claim through the real
// operations: on a busy machine building the app takes longer than the default minute.
vi.setConfig({ hookTimeout: 180_000 });

describe(`the demo's stream samples (${process.env.TEST_DB})`, () => {
  const t = useTestApp(ACCOUNTS);

  it('a seeded app has a finished bonus hunt with sample members’ guesses and a challenge, made by the real operations', async () => {
    const hunts = await t.app.db.select().from(bonusHunts);
    expect(hunts).toHaveLength(1);
    expect(hunts[0]).toMatchObject({ status: 'finished', finalBalance: 18_400 + 9_150 + 21_600 + 4_290 });
    const guesses = await t.app.db.select().from(huntGuesses).where(eq(huntGuesses.huntId, hunts[0]!.id));
    expect(guesses).toHaveLength(3);
    // The two closest guessers won the prizes, through the ledger, once each.
    const prizes = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, hunts[0]!.id));
    expect(prizes.map((p) => p.amount).sort((a, b) => b - a)).toEqual([2_500, 1_000]);
    expect(await t.app.db.select().from(challenges)).toHaveLength(1);
    const actions = (await t.app.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['bonus_hunt.create', 'bonus_hunt.open', 'bonus_hunt.finish', 'challenge.create']));
  });

  it('a completed giveaway with chat entries and its drawn winner', async () => {
    const rows = await t.app.db.select().from(giveaways);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.closedAt).not.toBeNull();
    expect(rows[0]!.drawnAt).not.toBeNull();
    expect(await t.app.db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, rows[0]!.id))).toHaveLength(5);
    expect(await t.app.db.select().from(giveawayWinners).where(eq(giveawayWinners.giveawayId, rows[0]!.id))).toHaveLength(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/giveaways' });
    expect(res.statusCode).toBe(200);
    expect(res.json().giveaways).toEqual([expect.objectContaining({ status: 'Completed', prize: 'A signed stream hoodie' })]);
  });

  it('a finished Deal or No Deal round: the drawn contestant took the banker’s offer, paid once through the ledger', async () => {
    const rounds = await t.app.db.select().from(dealOrNoDealRounds);
    expect(rounds).toHaveLength(1);
    const round = rounds[0]!;
    expect(round).toMatchObject({ status: 'finished' });
    expect(round.contestantId).not.toBeNull();
    const prize = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, 'dond_prize'));
    expect(prize).toHaveLength(1);
    expect(prize[0]).toMatchObject({ userId: round.contestantId, amount: round.offers.at(-1)!.amount });
    expect(round.offers.at(-1)!.answer).toBe('deal');
  });

  it('a King of the Hill reign: a sample VIP member’s verified claim is the current king', async () => {
    const claims = await t.app.db.select().from(kingOfTheHillClaims);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ status: 'verified', reignEndedAt: null, slot: 'Wanted Dead or a Wild', multiplier: 1_250 });
  });

  it('the stream samples are made by the real operations (audited)', async () => {
    const actions = (await t.app.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['giveaway.start', 'giveaway.close', 'giveaway.draw', 'dond.create', 'dond.open', 'dond.close', 'koth_claim.verify']),
    );
  });

  it('seeds once: a restart adds nothing', async () => {
    expect(await seedDemoStream(t.app.db, t.app.clock)).toEqual({ hunts: 0, challenges: 0, giveaways: 0, rounds: 0, reigns: 0 });
    expect(await t.app.db.select().from(bonusHunts)).toHaveLength(1);
    expect(await t.app.db.select().from(challenges)).toHaveLength(1);
    expect(await t.app.db.select().from(giveaways)).toHaveLength(1);
    expect(await t.app.db.select().from(dealOrNoDealRounds)).toHaveLength(1);
    expect(await t.app.db.select().from(kingOfTheHillClaims)).toHaveLength(1);
  });
});

describe(`without the sample data (${process.env.TEST_DB})`, () => {
  const t = useTestApp({ ...ACCOUNTS, SEED_CATALOGUE: 'false' });

  it('seeds no stream sample', async () => {
    expect(await t.app.db.select().from(bonusHunts)).toHaveLength(0);
    expect(await t.app.db.select().from(challenges)).toHaveLength(0);
    expect(await t.app.db.select().from(giveaways)).toHaveLength(0);
    expect(await t.app.db.select().from(dealOrNoDealRounds)).toHaveLength(0);
    expect(await t.app.db.select().from(kingOfTheHillClaims)).toHaveLength(0);
  });
});
