import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import { buildApp } from '../../app.ts';
import { giveawayEntries } from '../../db/schema.ts';
import { busSettled } from '../../test/bus-settled.ts';
import { testDbKind } from '../../test/test-app.ts';
import { useGiveawayTestApp } from './giveaway-test-helpers.ts';

/**
 * The public giveaways list is cached per process (platform/read-cache.ts) and dropped by the live
 * channel: a chat entry changes the count it shows, on this server and (PostgreSQL) on a second
 * server of the same database whose clock stands still, so its TTL never ends the entry: only the
 * entry's event can.
 */
describe(`the cached giveaways list follows entries (${process.env.TEST_DB})`, () => {
  const { clock, h, chat, viewer, start } = useGiveawayTestApp();
  let other: FastifyInstance | undefined;
  let otherDir: string | undefined;
  afterAll(async () => {
    await other?.close();
    if (otherDir) rmSync(otherDir, { recursive: true, force: true });
  });

  async function listed(app: FastifyInstance, id: string): Promise<Giveaway | undefined> {
    const res = await app.inject({ method: 'GET', url: '/api/giveaways' });
    expect(res.statusCode).toBe(200);
    return (res.json().giveaways as Giveaway[]).find((g) => g.id === id);
  }

  /** Reads until the list shows `entries` for the giveaway (the event crosses servers by NOTIFY); fails after 5 s. */
  async function untilEntries(app: FastifyInstance, id: string, entries: number): Promise<void> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const g = await listed(app, id);
      if (g?.entries === entries) return;
      if (Date.now() > deadline) expect(g?.entries).toBe(entries);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('an entry through chat drops the cached list on every server; a row no event announced stays unseen until then', { timeout: 60_000 }, async () => {
    const servers = [h.t.app];
    if (testDbKind() === 'postgres') {
      otherDir = mkdtempSync(path.join(tmpdir(), 'rh-cache-'));
      other = await buildApp({ ...h.t.config, dataDir: otherDir }, { logger: false, clock, jobs: false });
      await other.ready();
      servers.push(other);
    }
    const g = await start({ entryMode: 'anyone', keyword: '!cache' });
    for (const app of servers) await untilEntries(app, g.id, 0);

    // Every event of the writes so far has been heard (none is left to drop a cache later), and the
    // boards read since are cached.
    await busSettled(servers);
    for (const app of servers) await untilEntries(app, g.id, 0);
    // Written behind the app's back (no event): every server keeps answering its cached list.
    await h.t.app.db
      .insert(giveawayEntries)
      .values({ giveawayId: g.id, kickUserId: '424242', kickUsername: 'quiet', isSubscriber: false, createdAt: clock.now() });
    for (const app of servers) expect((await listed(app, g.id))?.entries).toBe(0);

    // A chat entry announces itself: the next read anywhere counts both.
    expect((await chat(viewer('cache'), '!cache')).statusCode).toBe(200);
    await h.t.app.runJobs();
    for (const app of servers) await untilEntries(app, g.id, 2);
  });
});
