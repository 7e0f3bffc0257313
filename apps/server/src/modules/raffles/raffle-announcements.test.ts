import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { raffles } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { FakeKick } from '../../test/fake-kick.ts';
import { createActiveRaffle, makeUser, type TestUser } from '../../test/factories.ts';
import { useFakeKickApp } from '../../test/kick-chat.ts';
import type { TestApp } from '../../test/test-app.ts';
import { dueRaffleAnnouncements } from './raffle-announcements.ts';

/** The bot's raffle announcements in chat, against the fake Kick (they share the giveaways' bot switch). */
describe(`Raffle announcements in chat (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-24T12:00:00.000Z');
  const h = useFakeKickApp({ clock, firstKickId: 91_000 });
  let t: TestApp;
  let fake: FakeKick;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, fake, admin } = h);
    await h.connect();
  });

  async function setSwitch(status: boolean): Promise<void> {
    expect((await h.admin$('PUT', '/api/admin/bot-features/giveaway', { status })).statusCode).toBe(200);
  }

  it('announces a raffle when it opens and when it is drawn (winners masked), once each; nothing with the switch off', async () => {
    const member = await makeUser(t.app, { points: 100 });
    const raffleId = await createActiveRaffle(t.app, admin, clock.now(), {
      title: 'Chat raffle',
      startDate: new Date(clock.now().getTime() + 60_000).toISOString(),
      endDate: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.some((c) => c.content.includes('New raffle open: Chat raffle'))).toBe(false);
    clock.advance(61_000);
    // Two servers at once: one claims the opening.
    const other = t.kind === 'postgres' ? await buildApp(t.config, { logger: false, clock, jobs: false, chatIntervalMs: 0, print: () => {} }) : t.app;
    try {
      const claims = await Promise.all([t.app.db, other.db].map((db) => dueRaffleAnnouncements(db, t.config.appOrigin, clock.now())));
      expect(claims.flat().filter((a) => a.raffleId === raffleId)).toEqual([
        { raffleId, content: `New raffle open: Chat raffle (Prize), 10 pts to enter. Enter at ${t.config.appOrigin}/raffles` },
      ]);
    } finally {
      if (other !== t.app) await other.close();
    }
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.filter((c) => c.content.includes('New raffle open: Chat raffle'))).toHaveLength(0);
    // The job posts what it claims (here a fresh raffle opening).
    await createActiveRaffle(t.app, admin, clock.now(), {
      title: 'Chat raffle two',
      startDate: new Date(clock.now().getTime() + 1000).toISOString(),
      endDate: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    clock.advance(2000);
    await t.app.runJobs();
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.filter((c) => c.content.includes('New raffle open: Chat raffle two'))).toHaveLength(1);
    const entered = await t.app.inject({
      method: 'POST',
      url: `/api/raffles/${raffleId}/enter`,
      headers: { ...member.auth, 'idempotency-key': 'gw-raffle-1' },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    clock.advance(3_600_000);
    await t.app.runJobs();
    await t.app.runJobs();
    await t.app.stream.settled();
    const drawnLines = fake.chat.filter((c) => c.content.startsWith('Raffle drawn: Chat raffle. '));
    expect(drawnLines).toHaveLength(1);
    expect(drawnLines[0]!.content).toContain(`Winner: ${member.username.slice(0, 2)}***`);
    expect(drawnLines[0]!.content).not.toContain(member.username);

    // Switch off: the claim is made, nothing is posted.
    await setSwitch(false);
    try {
      const before = fake.chat.length;
      await createActiveRaffle(t.app, admin, clock.now(), {
        title: 'Quiet raffle',
        startDate: new Date(clock.now().getTime() + 1000).toISOString(),
        endDate: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      });
      clock.advance(2000);
      await t.app.runJobs();
      await t.app.stream.settled();
      expect(fake.chat.length).toBe(before);
      const [row] = await t.app.db.select().from(raffles).where(eq(raffles.title, 'Quiet raffle'));
      expect(row!.openAnnouncedAt).not.toBeNull();
    } finally {
      await setSwitch(true);
    }
  });
});
