import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKick, type FakeKick } from '../../test/fake-kick.ts';
import { createBotChat } from './bot-chat.ts';
import { kickClient } from './kick/kick-client.ts';

/**
 * The bot's pacing against the fake Kick's chat endpoint, on a manual time line: one message a
 * second, Retry-After on a 429, stale replies dropped rather than sent late, a bounded queue.
 */
const VERIFIER = 'a-test-verifier-a-test-verifier-a-test-verifier';

describe('bot chat pacing', () => {
  let fake: FakeKick;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeKick();
    const client = kickClient({ apiUrl: fake.url, authUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret });
    const authorize = await fetch(
      client.authorizeUrl({
        redirectUri: 'http://localhost/cb',
        scope: 'chat:write',
        codeChallenge: createHash('sha256').update(VERIFIER).digest('base64url'),
        state: 's',
      }),
      { redirect: 'manual' },
    );
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    token = (await client.exchangeCode(code, 'http://localhost/cb', VERIFIER)).accessToken;
  });
  afterAll(async () => {
    await fake?.close();
  });

  function bot(options: { staleMs?: number; maxQueue?: number } = {}) {
    let now = 0;
    const sleeps: number[] = [];
    const sentAt: number[] = [];
    const client = kickClient({ apiUrl: fake.url, authUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret });
    const chat = createBotChat({
      send: async (reply) => {
        await client.sendChat(token, reply.content, reply.replyTo);
        sentAt.push(now);
      },
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
      ...options,
    });
    return { chat, sleeps, sentAt };
  }

  it('sends at most one message a second', async () => {
    const before = fake.chat.length;
    const { chat, sentAt } = bot();
    for (const n of [1, 2, 3]) chat.say({ content: `paced ${n}`, replyTo: null });
    await chat.idle();
    expect(fake.chat.slice(before).map((m) => m.content)).toEqual(['paced 1', 'paced 2', 'paced 3']);
    expect(sentAt).toEqual([0, 1000, 2000]);
  });

  it('on a 429 waits for Retry-After, then sends what is still fresh', async () => {
    const before = fake.chat.length;
    fake.rateLimitChat(1, 3);
    const { chat, sleeps, sentAt } = bot();
    chat.say({ content: 'after the wait', replyTo: 'm1' });
    await chat.idle();
    expect(sleeps).toEqual([3000]);
    expect(sentAt).toEqual([3000]);
    expect(fake.chat.slice(before)).toEqual([{ content: 'after the wait', type: 'bot', replyTo: 'm1' }]);
    expect(chat.stats()).toMatchObject({ sent: 1, rateLimited: 1, dropped: 0 });
  });

  it('drops replies that went stale during a long Retry-After instead of flooding later', async () => {
    const before = fake.chat.length;
    fake.rateLimitChat(1, 60);
    const { chat } = bot({ staleMs: 30_000 });
    chat.say({ content: 'stale 1', replyTo: null });
    chat.say({ content: 'stale 2', replyTo: null });
    await chat.idle();
    expect(fake.chat.length).toBe(before);
    expect(chat.stats()).toMatchObject({ sent: 0, dropped: 2, rateLimited: 1, queued: 0 });
  });

  it('a full queue drops the new reply', async () => {
    const { chat } = bot({ maxQueue: 2 });
    fake.rateLimitChat(1, 1);
    expect([chat.say({ content: 'q1', replyTo: null }), chat.say({ content: 'q2', replyTo: null }), chat.say({ content: 'q3', replyTo: null })]).toEqual([
      true,
      true,
      false,
    ]);
    await chat.idle();
    expect(chat.stats()).toMatchObject({ sent: 2, dropped: 1 });
  });
});
