import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { useFakeKickApp } from '../../test/kick-chat.ts';
import { openSse, type SseClient, type SseFrame } from '../notifications/sse-test-client.ts';

/**
 * The stream alerts on the live channel's public `alerts` topic (the /overlay/alerts overlay): a
 * follow, a new subscription, gifted subscriptions and KICKs from the Kick adapter each publish one
 * alert, with nothing personal but the name Kick shows on stream; signed-out streams of public topics
 * (GET /api/events/public) carry them and resume after Last-Event-ID without repeating one.
 */
describe(`Stream alerts (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const kick = useFakeKickApp({ clock, firstKickId: 81_000 });
  const { deliver, chat, viewer, connect, broadcaster } = kick;
  let base = '';
  const open: SseClient[] = [];

  beforeAll(async () => {
    await kick.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(kick.t.app.server.address() as { port: number }).port}`;
    await connect();
    return () => {
      for (const c of open) c.close();
    };
  });

  async function alerts(query = 'topics=alerts', headers: Record<string, string> = {}): Promise<SseClient> {
    const client = await openSse(`${base}/api/events/public?${query}`, headers);
    open.push(client);
    return client;
  }
  const alertFrames = (c: SseClient) => c.frames.filter((f) => f.event === 'alert');
  const dataOf = (f: SseFrame) => JSON.parse(f.data) as Record<string, unknown>;

  it('opens without signing in for public topics only: a bad or missing topic is 400', async () => {
    const ok = await alerts();
    expect(ok.status).toBe(200);
    for (const query of ['topics=notification', 'topics=alerts,balance', '', `topics=${Array.from({ length: 11 }, () => 'alerts').join(',')}`]) {
      const res = await kick.t.app.inject({ method: 'GET', url: `/api/events/public?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    // The signed-in channel still wants its ticket.
    expect((await kick.t.app.inject({ method: 'GET', url: '/api/events?topics=alerts' })).statusCode).toBe(401);
  });

  it('a follow, a new sub, gifted subs and KICKs publish one alert each, public; a renewal and chat publish none', async () => {
    const stream = await alerts();
    expect(stream.status).toBe(200);
    const v = viewer('fan');
    const created = clock.now().toISOString();
    const expires = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString();
    const deliveries: [string, object][] = [
      ['channel.followed', { broadcaster: broadcaster(), follower: { user_id: v.id, username: v.name } }],
      [
        'channel.subscription.new',
        { broadcaster: broadcaster(), subscriber: { user_id: v.id, username: v.name }, duration: 1, created_at: created, expires_at: expires },
      ],
      [
        'channel.subscription.renewal',
        { broadcaster: broadcaster(), subscriber: { user_id: v.id, username: v.name }, duration: 2, created_at: created, expires_at: expires },
      ],
      [
        'channel.subscription.gifts',
        {
          broadcaster: broadcaster(),
          gifter: { user_id: v.id, username: v.name },
          giftees: [
            { user_id: 1, username: 'a' },
            { user_id: 2, username: 'b' },
          ],
          created_at: created,
          expires_at: expires,
        },
      ],
      [
        'kicks.gifted',
        {
          broadcaster: broadcaster(),
          sender: { user_id: v.id, username: v.name },
          gift: { amount: 100, name: 'Hype', type: 'BASIC', tier: 'BASIC', message: '' },
          created_at: created,
        },
      ],
    ];
    for (const [type, body] of deliveries) expect((await deliver(type, body)).json().result, type).toBe('stored');
    expect((await chat(v, 'hello')).statusCode).toBe(200);
    await kick.t.app.runJobs();

    await stream.next((f) => f.event === 'alert' && dataOf(f).type === 'currency');
    const got = alertFrames(stream).map(dataOf);
    expect(got.map(({ id: _id, ...rest }) => rest)).toEqual([
      { type: 'follow', platform: 'Kick', name: v.name, amount: null, currency: null },
      { type: 'sub', platform: 'Kick', name: v.name, amount: null, currency: null },
      { type: 'gift', platform: 'Kick', name: v.name, amount: 2, currency: null },
      { type: 'currency', platform: 'Kick', name: v.name, amount: 100, currency: 'KICKs' },
    ]);
    // Each its own id, and no Kick user id anywhere in what the public sees.
    expect(new Set(got.map((a) => a.id)).size).toBe(4);
    for (const frame of alertFrames(stream)) expect(frame.data.replaceAll(v.name, '')).not.toContain(String(v.id));
    expect(alertFrames(stream).every((f) => f.id !== null)).toBe(true);
  });

  it('keeps one id for one act delivered twice, and a stream resuming after Last-Event-ID does not repeat an alert', async () => {
    const stream = await alerts();
    const v = viewer('twice');
    const follow = { broadcaster: broadcaster(), follower: { user_id: v.id, username: v.name } };
    expect((await deliver('channel.followed', follow)).json().result).toBe('stored');
    await kick.t.app.runJobs();
    const first = await stream.next((f) => f.event === 'alert' && dataOf(f).name === v.name);
    // Kick delivers the same follow again under a new message id: the alert, if sent, keeps its id.
    expect((await deliver('channel.followed', follow)).json().result).toBe('stored');
    await kick.t.app.runJobs();
    const both = await stream.next((f) => f.event === 'alert' && dataOf(f).name === v.name && f !== first);
    expect(dataOf(both).id).toBe(dataOf(first).id);

    // The overlay reloads with the last event id it saw: nothing it saw comes again.
    const resumed = await alerts('topics=alerts', { 'last-event-id': both.id! });
    expect(resumed.status).toBe(200);
    const later = viewer('later');
    expect((await deliver('channel.followed', { broadcaster: broadcaster(), follower: { user_id: later.id, username: later.name } })).json().result).toBe(
      'stored',
    );
    await kick.t.app.runJobs();
    await resumed.next((f) => f.event === 'alert' && dataOf(f).name === later.name);
    expect(alertFrames(resumed).map((f) => dataOf(f).name)).toEqual([later.name]);

    // Resuming from before the follow replays it (the channel's rule), once, with its id.
    const replay = await alerts(`topics=alerts&lastEventId=${Number(first.id) - 1}`);
    await replay.next((f) => f.event === 'alert' && dataOf(f).name === later.name);
    expect(alertFrames(replay).map((f) => dataOf(f).name)).toEqual([v.name, v.name, later.name]);
  });
});
