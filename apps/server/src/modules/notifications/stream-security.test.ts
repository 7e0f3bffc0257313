import { once } from 'node:events';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { eventTickets } from '../../db/schema.ts';
import type { EventHub } from '../../platform/event-bus.ts';
import { makeUser } from '../../test/factories.ts';
import { loginUser, logout, outboxMailsTo, randomIp, refresh, refreshCookieOf, registerUser } from '../auth/auth-test-helpers.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { EVENT_TICKET_LIMITS } from './event-tickets.ts';
import { MAX_STREAMS_PER_MEMBER } from './live-streams.ts';
import { openSse, type SseClient, useListeningTestApp } from './sse-test-client.ts';

/**
 * The live channel's guards: a stream lasts no longer than the session that opened it (every way a
 * session ends, on every server), a ticket opens one stream of a live session within 60 s, and one
 * member or one slow reader cannot hold the server's memory (5 streams a member, tickets rate-limited,
 * a reader that stops reading is dropped).
 */
describe(`the live channel's sessions, tickets and limits (${process.env.TEST_DB})`, () => {
  const { clock, t, admin, server, open } = useListeningTestApp();

  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

  async function ticketOf(access: string, app: FastifyInstance = t.app): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer(access), remoteAddress: randomIp() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().ticket as string;
  }
  async function stream(query: string, headers: Record<string, string> = {}, at = server.base): Promise<SseClient> {
    const client = await openSse(`${at}/api/events${query ? `?${query}` : ''}`, headers);
    open.push(client);
    return client;
  }
  /** Open and registered: the preamble came. */
  async function opened(query: string, headers: Record<string, string> = {}, at = server.base): Promise<SseClient> {
    const client = await stream(query, headers, at);
    expect(client.status).toBe(200);
    await client.next(() => true);
    return client;
  }
  const byTicket = (ticket: string) => `ticket=${encodeURIComponent(ticket)}`;

  async function signedIn(email: string, password: string) {
    const res = await loginUser(t.app, email, password);
    expect(res.statusCode, res.body).toBe(200);
    const access = (res.json() as { tokens: { access: string } }).tokens.access;
    return { access, refresh: refreshCookieOf(res)!, sessionId: (await t.app.accessTokens.verifyClaims(access))!.sessionId! };
  }

  type Session = { access: string };
  type Case = {
    name: string;
    /** The session whose streams must end, a session of the same member that must keep its stream (if any), and the act. */
    arrange: () => Promise<{ ending: Session; keep?: Session; act: () => Promise<void> }>;
  };

  const cases: Case[] = [
    {
      name: 'logout',
      arrange: async () => {
        const u = await registerUser(t.app);
        const other = await signedIn(u.email, u.password);
        const act = async () => {
          const res = await logout(t.app, u.refresh);
          expect(res.statusCode, res.body).toBe(200);
        };
        return { ending: u, keep: other, act };
      },
    },
    {
      name: '"end this session"',
      arrange: async () => {
        const u = await registerUser(t.app);
        const phone = await signedIn(u.email, u.password);
        const act = async () => {
          const res = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phone.sessionId}`, headers: bearer(u.access) });
          expect(res.statusCode, res.body).toBe(200);
        };
        return { ending: phone, keep: u, act };
      },
    },
    {
      name: '"sign out everywhere"',
      arrange: async () => {
        const u = await registerUser(t.app);
        const tablet = await signedIn(u.email, u.password);
        const act = async () => {
          const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(u.access) });
          expect(res.json()).toMatchObject({ ok: true, ended: 1 });
        };
        return { ending: tablet, keep: u, act };
      },
    },
    {
      name: 'a password reset',
      arrange: async () => {
        const u = await registerUser(t.app);
        const act = async () => {
          const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: randomIp(), payload: { email: u.email } });
          expect(forgot.statusCode).toBe(200);
          await t.app.backgroundWork.idle();
          const mail = outboxMailsTo(t.config.dataDir, u.email).findLast((m) => m.includes('/reset-password?token='))!;
          const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
          const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Brand-New-Pass-77' } });
          expect(reset.statusCode, reset.body).toBe(200);
        };
        return { ending: u, act };
      },
    },
    {
      name: 'a refresh-token reuse alarm',
      arrange: async () => {
        const u = await registerUser(t.app);
        const other = await signedIn(u.email, u.password);
        const rotated = await refresh(t.app, u.refresh);
        expect(rotated.statusCode).toBe(200);
        // The old refresh token comes back (a thief or a replay): the family and its session end.
        const act = async () => expect((await refresh(t.app, u.refresh)).statusCode).toBe(401);
        return { ending: u, keep: other, act };
      },
    },
    {
      name: 'a permanent ban',
      arrange: async () => {
        const member = await makeUser(t.app);
        const act = async () => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/admin/users/${member.id}/restrictions`,
            headers: admin.auth,
            payload: { kind: 'ban_permanent', reason: 'fraud' },
          });
          expect(res.statusCode, res.body).toBe(201);
        };
        return { ending: { access: member.token }, act };
      },
    },
  ];

  it.each(cases)('$name ends the streams of the session within 2 s (token and ticket alike) and refuses its unused ticket', async ({ arrange }) => {
    const { ending, keep, act } = await arrange();
    const withToken = await opened('', bearer(ending.access));
    const withTicket = await opened(byTicket(await ticketOf(ending.access)));
    const unused = await ticketOf(ending.access);
    const kept = keep ? await opened(byTicket(await ticketOf(keep.access))) : null;

    const actedAt = Date.now();
    await act();
    await Promise.all([withToken.end(2_000), withTicket.end(2_000)]);
    expect(Date.now() - actedAt).toBeLessThan(2_000);
    expect((await stream(byTicket(unused))).status).toBe(401);
    expect((await stream('', bearer(ending.access))).status).toBe(401);
    if (kept) {
      // Another session of the member keeps its stream, and it still carries events.
      expect(kept.ended()).toBe(false);
      const claims = (await t.app.accessTokens.verifyClaims(keep!.access))!;
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${claims.userId}/points`,
        headers: admin.auth,
        payload: { amount: 5, reason: 'still live' },
      });
      await kept.next((f) => f.event === 'balance');
    }
  });

  describe('the ticket', () => {
    it('is random and stored only as its SHA-256 with its session, member and end', async () => {
      const member = await makeUser(t.app);
      const ticket = await ticketOf(member.token);
      const second = await ticketOf(member.token);
      expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second).not.toBe(ticket);
      expect(ticket).not.toContain(member.id);
      const rows = await t.app.db.select().from(eventTickets).where(eq(eventTickets.userId, member.id));
      expect(rows.map((r) => r.ticketHash).sort()).toEqual([sha256Hex(ticket), sha256Hex(second)].sort());
      expect(rows[0]).toEqual({
        ticketHash: expect.any(String),
        sessionId: member.sessionId,
        userId: member.id,
        expiresAt: new Date(clock.now().getTime() + 60_000),
      });
      expect(JSON.stringify(rows)).not.toContain(ticket);
    });

    it('opens one stream, once: a second use, also at the same moment, is 401', async () => {
      const member = await makeUser(t.app);
      const ticket = await ticketOf(member.token);
      await opened(byTicket(ticket));
      expect((await stream(byTicket(ticket))).status).toBe(401);
      const racing = await ticketOf(member.token);
      const both = await Promise.all([stream(byTicket(racing)), stream(byTicket(racing))]);
      expect(both.map((c) => c.status).sort()).toEqual([200, 401]);
      expect(t.app.liveStreams.countOf(member.id)).toBe(2);
    });

    it('is not spent by a request refused for its topics (400)', async () => {
      const member = await makeUser(t.app);
      const ticket = await ticketOf(member.token);
      expect((await stream(`${byTicket(ticket)}&topics=${encodeURIComponent('not a topic')}`)).status).toBe(400);
      await opened(byTicket(ticket));
    });

    it('lives 60 s; the job purges the unused ones that expired (a used one is gone at once)', async () => {
      const member = await makeUser(t.app);
      const used = await ticketOf(member.token);
      await opened(byTicket(used));
      const late = await ticketOf(member.token);
      const fresh = async () => (await t.app.db.select().from(eventTickets).where(eq(eventTickets.userId, member.id))).map((r) => r.ticketHash);
      expect(await fresh()).toEqual([sha256Hex(late)]);
      clock.advance(61_000);
      expect((await stream(byTicket(late))).status).toBe(401);
      const unused = await ticketOf(member.token);
      clock.advance(61_000);
      await t.app.runJobs();
      expect(await fresh()).toEqual([]);
      expect((await stream(byTicket(unused))).status).toBe(401);
    });

    it(`is limited per member (${EVENT_TICKET_LIMITS.perMember.max} a minute) and per address (${EVENT_TICKET_LIMITS.perAddress.max}), with 429 and Retry-After`, async () => {
      const ask = (access: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer(access), remoteAddress: ip });
      const expect429 = (res: Awaited<ReturnType<typeof ask>>) => {
        expect(res.statusCode, res.body).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toEqual({ ok: false, code: 'RATE_LIMITED', error: expect.stringMatching(/^Too many/) });
      };
      const member = await makeUser(t.app);
      for (let i = 0; i < EVENT_TICKET_LIMITS.perMember.max; i += 1) expect((await ask(member.token, randomIp())).statusCode).toBe(200);
      expect429(await ask(member.token, randomIp()));
      expect((await ask((await makeUser(t.app)).token, randomIp())).statusCode).toBe(200);

      // One address, many members (each under their own limit): the address's limit.
      const ip = randomIp();
      const members = await Promise.all(Array.from({ length: Math.ceil(EVENT_TICKET_LIMITS.perAddress.max / 10) + 1 }, () => makeUser(t.app)));
      for (let i = 0; i < EVENT_TICKET_LIMITS.perAddress.max; i += 1) expect((await ask(members[Math.floor(i / 10)]!.token, ip)).statusCode).toBe(200);
      expect429(await ask(members.at(-1)!.token, ip));
      // Without a valid token too: the address is counted before the session is looked up.
      expect429(await ask('nope', ip));
    });
  });

  describe('limits of the streams', () => {
    it(`a member's ${MAX_STREAMS_PER_MEMBER + 1}th stream closes their oldest, which is told it was superseded`, async () => {
      const member = await makeUser(t.app);
      const other = await makeUser(t.app);
      const otherStream = await opened('', other.auth);
      const streams: SseClient[] = [];
      for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i += 1) streams.push(await opened(byTicket(await ticketOf(member.token))));
      expect(t.app.liveStreams.countOf(member.id)).toBe(MAX_STREAMS_PER_MEMBER);
      const newest = await opened('', member.auth);
      await streams[0]!.end(2_000);
      expect(streams[0]!.frames.at(-1)).toMatchObject({ event: 'superseded' });
      expect(t.app.liveStreams.countOf(member.id)).toBe(MAX_STREAMS_PER_MEMBER);
      expect(streams.slice(1).some((s) => s.ended()) || newest.ended() || otherStream.ended()).toBe(false);
      await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/points`, headers: admin.auth, payload: { amount: 5, reason: 'newest' } });
      await newest.next((f) => f.event === 'balance');
    });

    it('a reader that stops reading is dropped once its buffer passes the bound; the server does not keep the rest', async () => {
      const member = await makeUser(t.app);
      const port = (t.app.server.address() as { port: number }).port;
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${member.token}\r\n\r\n`);
      await once(socket, 'data');
      // The reader stops reading: what the server writes piles up in its buffers.
      socket.pause();
      await vi.waitFor(() => expect(t.app.liveStreams.countOf(member.id)).toBe(1));
      const hub = t.app.eventBus as EventHub;
      const big = 'x'.repeat(64 * 1024);
      let sent = 0;
      while (t.app.liveStreams.countOf(member.id) === 1 && sent < 1_000) {
        hub.emit({ kind: 'event', event: { id: 1_000_000 + sent, name: 'notification', userId: member.id, topic: null, data: { big } } });
        sent += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(t.app.liveStreams.countOf(member.id)).toBe(0);
      // Dropped well before everything was sent: the bound, plus what the sockets took.
      expect(sent).toBeLessThan(1_000);
      const closed = once(socket, 'close');
      socket.resume();
      await closed;
    });
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'two app instances on one PostgreSQL: a ticket is taken once across them, and a logout on one ends the streams on the other within 2 s',
    async () => {
      const other = await buildApp(t.config, { logger: false, clock, jobs: false, print: () => {} });
      try {
        await other.listen({ port: 0, host: '127.0.0.1' });
        const otherBase = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
        const u = await registerUser(t.app);

        // Asked on A, used on B; again on A: taken.
        const ticket = await ticketOf(u.access);
        const onB = await opened(byTicket(ticket), {}, otherBase);
        expect((await stream(byTicket(ticket))).status).toBe(401);
        // Both servers at the same moment: one of them gets it.
        const racing = await ticketOf(u.access, other);
        const both = await Promise.all([stream(byTicket(racing)), stream(byTicket(racing), {}, otherBase)]);
        expect(both.map((c) => c.status).sort()).toEqual([200, 401]);

        const withToken = await opened('', bearer(u.access), otherBase);
        const loggedOutAt = Date.now();
        const out = await logout(t.app, u.refresh);
        expect(out.statusCode).toBe(200);
        await Promise.all([onB.end(2_000), withToken.end(2_000), ...both.filter((c) => c.status === 200).map((c) => c.end(2_000))]);
        expect(Date.now() - loggedOutAt).toBeLessThan(2_000);
        expect(other.liveStreams.size + t.app.liveStreams.countOf(u.user.id)).toBe(0);
      } finally {
        for (const c of open.splice(0)) c.close();
        await other.close();
      }
    },
  );
});
