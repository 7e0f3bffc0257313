import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bonusHunts, challenges, huntGuesses, ledgerEntries } from '../../db/schema.ts';
import { useTestApp } from '../../test/factories.ts';
import { seedDemoStream } from './seed-demo-stream.ts';

const ACCOUNTS = {
  SEED_CATALOGUE: 'true',
  ADMIN_EMAIL: 'boss@example.com',
  ADMIN_PASSWORD: 'Boss-Pass-12345',
  DEMO_EMAIL: 'demo.user@example.com',
  DEMO_PASSWORD: 'Demo-Pass-12345',
};

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

  it('seeds once: a restart adds nothing', async () => {
    expect(await seedDemoStream(t.app.db, t.app.clock)).toEqual({ hunts: 0, challenges: 0 });
    expect(await t.app.db.select().from(bonusHunts)).toHaveLength(1);
    expect(await t.app.db.select().from(challenges)).toHaveLength(1);
  });
});

describe(`without the sample data (${process.env.TEST_DB})`, () => {
  const t = useTestApp({ ...ACCOUNTS, SEED_CATALOGUE: 'false' });

  it('seeds no hunt and no challenge', async () => {
    expect(await t.app.db.select().from(bonusHunts)).toHaveLength(0);
    expect(await t.app.db.select().from(challenges)).toHaveLength(0);
  });
});
