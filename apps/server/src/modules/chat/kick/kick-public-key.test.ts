import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { fakeKickEnv, startFakeKick, type FakeKick } from '../../../test/fake-kick.ts';
import { makeUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Without KICK_PUBLIC_KEY the server reads Kick's key (GET /public/v1/public-key on KICK_API_URL)
 * once, keeps it, and reads it again when a signature fails: a key Kick rotated needs no restart.
 */
describe(`Kick's public key read from Kick (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-29T12:00:00.000Z');
  let fake: FakeKick;
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    fake = await startFakeKick();
    const env = fakeKickEnv(fake);
    delete (env as Partial<typeof env>).KICK_PUBLIC_KEY;
    t = await createTestApp(env, { clock, chatIntervalMs: 0 });
    admin = await makeUser(t.app, { admin: true, prefix: 'adm' });
    member = await makeUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const keyReads = () => fake.calls.filter((c) => c.method === 'GET' && c.path === '/public/v1/public-key').length;
  const follow = () => ({ broadcaster: { user_id: 777, username: 'other' }, follower: { user_id: 5, username: 'fan' } });
  function post(d: { headers: Record<string, string>; payload: string }) {
    return t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload });
  }
  const signedNow = () => fake.delivery('channel.followed', follow(), { timestamp: clock.now() });

  it('reads the key at the first delivery and keeps it: later deliveries do not read it again', async () => {
    expect(keyReads()).toBe(0);
    for (let i = 0; i < 3; i += 1) {
      const res = await post(signedNow());
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(keyReads()).toBe(1);
  });

  it('a forged signature is refused and, within a minute of the last read, does not make the server call Kick', async () => {
    const forged = { ...signedNow() };
    forged.headers = { ...forged.headers, 'kick-event-signature': Buffer.from('not a signature').toString('base64') };
    const res = await post(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, code: 'INVALID_SIGNATURE' });
    expect(keyReads()).toBe(1);
  });

  it('after Kick rotates its key, the first failing signature reads the key again once and the delivery is accepted', async () => {
    fake.rotateKey();
    clock.advance(2 * 60 * 1000);
    const res = await post(signedNow());
    expect(res.statusCode, res.body).toBe(200);
    expect(keyReads()).toBe(2);
    // The new key is kept: the next deliveries verify without another read.
    expect((await post(signedNow())).statusCode).toBe(200);
    expect(keyReads()).toBe(2);
  });

  it('a signature that still fails with the re-read key stays refused (401), reading once', async () => {
    clock.advance(2 * 60 * 1000);
    const forged = { ...signedNow() };
    forged.headers = { ...forged.headers, 'kick-event-signature': Buffer.from('forged again').toString('base64') };
    const res = await post(forged);
    expect(res.statusCode).toBe(401);
    expect(keyReads()).toBe(3);
  });

  it('the setup call gives the URLs to copy from APP_ORIGIN, the scopes, and the warning for a local origin; members 403, anonymous 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/stream/setup', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const { kick } = res.json();
    expect(kick.redirectUrl).toBe('http://localhost:3000/api/integrations/kick/callback');
    expect(kick.webhookUrl).toBe('http://localhost:3000/api/integrations/kick/webhook');
    expect(kick.scopes).toContain('events:subscribe');
    expect(kick.scopes).toContain('chat:write');
    expect(kick.developerSettingsUrl).toMatch(/^https:\/\/kick\.com\//);
    expect(kick.originWarning).toMatch(/Kick cannot deliver events there/);
    const publicKey = kick.variables.find((v: { name: string }) => v.name === 'KICK_PUBLIC_KEY');
    expect(publicKey).toMatchObject({ isSet: false, isRequired: false });
    expect(kick.variables.find((v: { name: string }) => v.name === 'KICK_CLIENT_ID')).toMatchObject({ isSet: true, isRequired: true });
    // The same for Twitch: its redirect URL and EventSub callback from APP_ORIGIN, the scopes Connect asks for, the variables, the warning.
    const { twitch } = res.json();
    expect(twitch.redirectUrl).toBe('http://localhost:3000/api/integrations/twitch/callback');
    expect(twitch.webhookUrl).toBe('http://localhost:3000/api/integrations/twitch/eventsub');
    expect(twitch.scopes).toEqual(expect.arrayContaining(['user:read:chat', 'moderator:read:chatters', 'bits:read']));
    expect(twitch.developerSettingsUrl).toMatch(/^https:\/\/dev\.twitch\.tv\//);
    expect(twitch.originWarning).toMatch(/Twitch cannot deliver events there/);
    expect(twitch.variables.map((v: { name: string }) => v.name)).toEqual(['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET', 'TWITCH_EVENTSUB_SECRET', 'APP_ORIGIN']);
    expect(twitch.variables.slice(0, 3).every((v: { isSet: boolean; isRequired: boolean }) => !v.isSet && v.isRequired)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stream/setup', headers: member.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stream/setup' })).statusCode).toBe(401);
  });
});

describe(`Kick's public key when Kick does not answer (${process.env.TEST_DB})`, () => {
  let fake: FakeKick;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeKick();
    const env = fakeKickEnv(fake);
    delete (env as Partial<typeof env>).KICK_PUBLIC_KEY;
    await fake.close();
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a delivery is answered 502 KICK_UNAVAILABLE (Kick sends it again later), not accepted', async () => {
    const d = fake.delivery('channel.followed', {});
    const res = await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ ok: false, code: 'KICK_UNAVAILABLE' });
  });
});
