import { LIVE_TOPIC_PATTERN, MAX_LIVE_TOPICS } from '@app/shared/api/live-topics';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import {
  EVENT_TICKET_TTL_SECONDS,
  EventTicketSchema,
  EventsQuerySchema,
  PublicEventsQuerySchema,
  MAILABLE_TYPE_LABELS,
  MarkReadBodySchema,
  MarkReadResultSchema,
  NotificationPageSchema,
  NotificationPreferencesSchema,
  NotificationsQuerySchema,
  UnsubscribeQuerySchema,
  UpdatePreferencesBodySchema,
} from '@app/shared/api/notifications';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import { loadJwtKey } from '../../platform/jwt-secret.ts';
import { unauthorized } from '../auth/index.ts';
import { tooMany } from '../auth/index.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { findUserById, findUserForSession } from '../users/index.ts';
import { EVENT_TICKET_LIMITS, issueEventTicket, takeEventTicket, type TicketHolder } from './event-tickets.ts';
import type { NotificationEvent } from './notifications-service.ts';
import { listNotifications, markRead, preferencesOf, setPreferences } from './notifications-service.ts';
import { LinkSigner, mailContextOf, sendQueuedMail } from './notification-mail.ts';
import { LiveStreams } from './live-streams.ts';

const bearer = [{ bearer: [] }];
const authErrors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema };

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's open event streams (GET /api/events). */
    liveStreams: LiveStreams;
    /** This server's signed-out streams of public topics (GET /api/events/public), counted per address. */
    publicLiveStreams: LiveStreams;
    /** Signs and checks the unsubscribe links. */
    notificationLinks: LinkSigner;
  }
}

/**
 * A signed-out stream (a stream overlay in broadcast software) carries public topics only; one
 * address keeps at most this many open on a server (a new one closes its oldest), and opens at most
 * PUBLIC_STREAM_OPENS a minute.
 */
const PUBLIC_STREAMS_PER_ADDRESS = 10;
const PUBLIC_STREAM_OPENS = { max: 30, timeWindow: 60_000 } as const;

/** The `topics` query as a list, or a 400 when it names anything but the public topics. */
function publicTopicsOf(query: string | undefined): string[] {
  const topics = (query ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (topics.length > MAX_LIVE_TOPICS || topics.some((t) => !LIVE_TOPIC_PATTERN.test(t))) {
    throw new AppError('VALIDATION_ERROR', `topics: race, raffle:<id>, hunt:<id>, dond, giveaways, predictions or alerts, at most ${MAX_LIVE_TOPICS}.`);
  }
  return topics;
}

/** The Last-Event-ID header, else the query's, when it is an event id. */
function lastEventIdOf(request: FastifyRequest, query: string | undefined): number | null {
  const header = request.headers['last-event-id'] ?? query;
  return header !== undefined && /^\d{1,15}$/.test(String(header)) ? Number(header) : null;
}

/** Starts the event-stream response (the route has hijacked the reply). */
function startEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5;">${body}</body></html>`;
}

/**
 * The notifications' machinery, shared by the app: this server's event streams, the link signer,
 * and the mail sender: every server hears each committed notification on the event bus and tries
 * to claim its mail; the job retries the failed ones.
 */
async function notificationsPlugin(app: FastifyInstance): Promise<void> {
  const signer = new LinkSigner(loadJwtKey(app.config.jwtSecret, app.config.dataDir));
  const mail = mailContextOf(app, signer);
  const streams = new LiveStreams(app.eventBus);
  app.decorate('liveStreams', streams);
  const publicStreams = new LiveStreams(app.eventBus, { maxPerMember: PUBLIC_STREAMS_PER_ADDRESS });
  app.decorate('publicLiveStreams', publicStreams);
  app.decorate('notificationLinks', signer);
  // The streams end before the server waits for its open connections to close.
  app.addHook('preClose', async () => {
    streams.endAll();
    publicStreams.endAll();
  });

  const pendingSends = new Set<Promise<unknown>>();
  const unsubscribeBus = app.eventBus.subscribe((message) => {
    if (message.kind !== 'event' || message.event.name !== 'notification') return;
    const mailId = (message.event.data as NotificationEvent | null)?.mailId;
    if (!mailId) return;
    const send = sendQueuedMail(mail, mailId)
      .catch((error: unknown) => app.log.warn({ err: error, mailId }, 'notification mail failed; the job retries it'))
      .finally(() => pendingSends.delete(send));
    pendingSends.add(send);
  });
  app.addHook('onClose', async () => {
    unsubscribeBus();
    await Promise.allSettled([...pendingSends]);
  });
}

export const notificationsMachinery = fp(notificationsPlugin, { name: 'notifications', dependencies: ['event-bus', 'mailer'] });

/** Notifications (list, read, preferences, the mail's unsubscribe link) and the live channel (GET /api/events with its ticket). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const signer = app.notificationLinks;
  const streams = app.liveStreams;

  app.get(
    '/api/notifications',
    {
      onRequest: app.loadUser,
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, paged; unread=true for the unread ones',
        security: bearer,
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationPageSchema, ...authErrors },
      },
    },
    async (request) => listNotifications(app.db, request.userId!, request.query),
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: app.loadUser,
      schema: {
        tags: ['notifications'],
        summary: 'Marks your notifications read: these ids, or all',
        security: bearer,
        body: MarkReadBodySchema,
        response: { 200: MarkReadResultSchema, ...authErrors },
      },
    },
    async (request) => markRead(app.db, request.userId!, request.body, app.clock.now()),
  );

  app.get(
    '/api/notifications/preferences',
    {
      onRequest: app.loadUser,
      schema: {
        tags: ['notifications'],
        summary: 'Which notification types also come by e-mail',
        security: bearer,
        response: { 200: NotificationPreferencesSchema, ...authErrors },
      },
    },
    async (request) => preferencesOf(app.db, request.userId!),
  );

  app.put(
    '/api/notifications/preferences',
    {
      onRequest: app.loadUser,
      schema: {
        tags: ['notifications'],
        summary: 'Chooses per type: on site only (email false) or also by e-mail',
        security: bearer,
        body: UpdatePreferencesBodySchema,
        response: { 200: NotificationPreferencesSchema, ...authErrors },
      },
    },
    async (request) => setPreferences(app.db, request.userId!, request.body.preferences, app.clock.now()),
  );

  // RFC 8058's one-click POST comes as a form (List-Unsubscribe=One-Click); so does the page's button.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  const readToken = (token: string) => {
    const target = signer.readUnsubscribeToken(token);
    if (!target) throw new AppError('INVALID_TOKEN', 'This unsubscribe link is not valid.');
    return target;
  };

  app.get(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: "The mail's unsubscribe link: a page whose button turns that type's e-mail off (a GET changes nothing)",
        querystring: UnsubscribeQuerySchema,
        response: { 200: z.string(), 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { type } = readToken(request.query.token);
      const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply
        .type('text/html; charset=utf-8')
        .serializer((text) => text as string)
        .send(
          page(
            'Unsubscribe',
            `<h1>Stop these e-mails?</h1><p>You get an e-mail when: ${MAILABLE_TYPE_LABELS[type].toLowerCase()}. You will still see it on the site.</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
<p><a href="/notifications#preferences">Choose in Settings instead</a></p>`,
          ),
        );
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: "One-click unsubscribe (RFC 8058): turns the signed link's type of e-mail off, without signing in",
        querystring: UnsubscribeQuerySchema,
        response: { 200: z.string(), 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { userId, type } = readToken(request.query.token);
      if (await findUserById(app.db, userId)) await setPreferences(app.db, userId, [{ type, email: false }], app.clock.now());
      return reply
        .type('text/html; charset=utf-8')
        .serializer((text) => text as string)
        .send(
          page(
            'Unsubscribed',
            `<h1>You are unsubscribed</h1><p>No more e-mails when: ${MAILABLE_TYPE_LABELS[type].toLowerCase()}.</p><p><a href="/notifications#preferences">Your e-mail choices</a></p>`,
          ),
        );
    },
  );

  // Tickets: per member (after loadUser) and per address (before it, so a flood without a valid
  // token is cut before it costs a session lookup); both answer 429 RATE_LIMITED with Retry-After.
  const ticketsPerAddress = app.createRateLimit({
    ...EVENT_TICKET_LIMITS.perAddress,
    keyGenerator: (request) => `events-ticket@${request.ip}`,
  });
  const limitTicketsPerAddress = async (request: FastifyRequest) => {
    const limit = await ticketsPerAddress(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooMany(limit.ttl);
  };

  app.post(
    '/api/events/ticket',
    {
      onRequest: [limitTicketsPerAddress, app.loadUser],
      config: { rateLimit: perMember(EVENT_TICKET_LIMITS.perMember) },
      schema: {
        tags: ['events'],
        summary: 'A one-time ticket for GET /api/events (EventSource cannot send the Authorization header)',
        description: `Random, good for one stream within ${EVENT_TICKET_TTL_SECONDS} s, and only while the session that asked for it lasts. At most ${EVENT_TICKET_LIMITS.perMember.max} a minute per member and ${EVENT_TICKET_LIMITS.perAddress.max} per address.`,
        security: bearer,
        response: { 200: EventTicketSchema, ...authErrors, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const ticket = await issueEventTicket(app.db, { userId: request.userId!, sessionId: request.sessionId! }, app.clock.now());
      return { ticket, expiresInSeconds: EVENT_TICKET_TTL_SECONDS };
    },
  );

  /** The member and session of an event stream: the Bearer token's (a live session), else the ticket's (taken once). */
  async function streamHolder(request: FastifyRequest, ticket: string | undefined): Promise<TicketHolder> {
    if (request.headers.authorization) {
      // The token, then the member and their session in one statement (a stream opening is the call a
      // reconnect storm repeats by the thousand); a banned member is 401 here, as an ended session is.
      await app.verifyAccessTokenOnly(request, undefined as never);
      const user = await findUserForSession(app.db, request.userId!, request.sessionId!);
      if (!user || user.bannedAt) throw unauthorized();
      if (!user.sessionLive) throw unauthorized('Your session has ended. Please sign in again.');
      return { userId: request.userId!, sessionId: request.sessionId! };
    }
    if (!ticket) throw unauthorized();
    const holder = await takeEventTicket(app.db, ticket, app.clock.now());
    if (!holder) throw unauthorized('This event ticket is not valid: it was used, has expired or its session has ended. Ask for a new one.');
    return holder;
  }

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events for the signed-in member: notification, balance, and the public topics asked for (race, raffle:<id>, hunt:<id>, dond, giveaways); heartbeats; resumes after Last-Event-ID',
        security: bearer,
        querystring: EventsQuerySchema,
        response: { 200: z.string().describe('text/event-stream'), ...authErrors },
      },
    },
    async (request, reply) => {
      // Checked before the ticket is taken: a request refused for its topics leaves the ticket unspent.
      const topics = publicTopicsOf(request.query.topics);
      const holder = await streamHolder(request, request.query.ticket);
      const lastEventId = lastEventIdOf(request, request.query.lastEventId);
      reply.hijack();
      const res = reply.raw;
      startEventStream(res);
      const close = streams.open({ ...holder, topics, res, lastEventId });
      res.on('close', close);
      // A session that ended between the check above and the stream's registration was announced
      // before this server listened for it: looked at again now that the stream would hear it (a
      // failed look ends the stream too; the browser reconnects).
      const user = await findUserForSession(app.db, holder.userId, holder.sessionId).catch(() => undefined);
      if (!user?.sessionLive || user.bannedAt) streams.endSessions(holder.userId, [holder.sessionId]);
    },
  );

  const publicOpensPerAddress = app.createRateLimit({ ...PUBLIC_STREAM_OPENS, keyGenerator: (request) => `events-public@${request.ip}` });

  app.get(
    '/api/events/public',
    {
      schema: {
        tags: ['events'],
        summary: 'Server-sent events of public topics without signing in (stream overlays): race, raffle:<id>, hunt:<id>, dond, giveaways, predictions, alerts',
        description: `No member's events. Resumes after Last-Event-ID (or ?lastEventId=) like GET /api/events. At most ${PUBLIC_STREAMS_PER_ADDRESS} open streams per address on a server (a new one closes the oldest) and ${PUBLIC_STREAM_OPENS.max} opens a minute.`,
        querystring: PublicEventsQuerySchema,
        response: { 200: z.string().describe('text/event-stream'), 400: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const topics = publicTopicsOf(request.query.topics);
      if (topics.length === 0) throw new AppError('VALIDATION_ERROR', 'topics: name at least one public topic.');
      const limit = await publicOpensPerAddress(request);
      if (!limit.isAllowed && limit.isExceeded) throw tooMany(limit.ttl);
      const lastEventId = lastEventIdOf(request, request.query.lastEventId);
      reply.hijack();
      const res = reply.raw;
      startEventStream(res);
      // Keyed by address: the per-member bound of the streams becomes a per-address one; no member's event names it.
      const close = app.publicLiveStreams.open({ userId: `address:${request.ip}`, sessionId: '', topics, res, lastEventId });
      res.on('close', close);
    },
  );
};
