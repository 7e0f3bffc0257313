import { and, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import { auditLog } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { makeUser, type TestUser } from '../../test/factories.ts';
import { useFakeKickApp, type KickViewer } from '../../test/kick-chat.ts';

/**
 * The chat giveaways' test app against the fake Kick (connected in beforeAll) and the steps their
 * test files share: a viewer, a chat message, a linked member, a giveaway started by the admin, its
 * public read, its close and draw by the job, the bot switch and the audit rows.
 */
export function useGiveawayTestApp() {
  const clock = new ManualClock('2026-11-24T12:00:00.000Z');
  const h = useFakeKickApp({ clock, firstKickId: 91_000 });

  beforeAll(async () => {
    await h.connect();
  });

  type Viewer = KickViewer;
  const chat = (v: Viewer, content: string, badges: string[] = []) => h.chat(v, content, { badges });
  const viewer = (name = 'gv'): Viewer => h.viewer(name);
  const admin$ = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => h.admin$(method, url, payload);

  async function linked(v: Viewer): Promise<TestUser> {
    const user = await makeUser(h.t.app);
    await link(user, v);
    return user;
  }
  const link = (user: TestUser, v: Viewer) => h.link(user, v);

  async function start(body: Record<string, unknown> = {}): Promise<Giveaway> {
    const res = await admin$('POST', '/api/admin/giveaways', {
      prize: '500 points',
      prizePoints: 500,
      durationSeconds: 120,
      winners: 1,
      entryMode: 'linked',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().giveaway;
  }
  async function publicOne(id: string): Promise<Giveaway> {
    const res = await h.t.app.inject({ method: 'GET', url: '/api/giveaways' });
    expect(res.statusCode).toBe(200);
    return res.json().giveaways.find((g: Giveaway) => g.id === id);
  }
  async function closeAndDraw(): Promise<void> {
    clock.advance(121_000);
    await h.t.app.runJobs();
    await h.t.app.stream.settled();
  }
  async function setSwitch(status: boolean): Promise<void> {
    expect((await admin$('PUT', '/api/admin/bot-features/giveaway', { status })).statusCode).toBe(200);
  }
  const audits = async (action: string, id: string) =>
    h.t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

  return { clock, h, chat, viewer, admin$, linked, link, start, publicOne, closeAndDraw, setSwitch, audits };
}
