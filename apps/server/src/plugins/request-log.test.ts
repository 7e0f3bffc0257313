import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir } from '../mail/mailer.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { redactUrl } from './request-log.ts';

/** The log never holds a one-time link's secret: neither a request's query string nor the dev outbox's link. */
describe(`tokens in logs (${process.env.TEST_DB})`, () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => t?.close());

  it('redacts secret-bearing query parameters and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/verify-email?token=abc&next=%2Fprofile')).toBe('/verify-email?token=[redacted]&next=%2Fprofile');
    expect(redactUrl('/api/x?page=2&mfaToken=z&code=123456&api_key=k')).toBe('/api/x?page=2&mfaToken=[redacted]&code=[redacted]&api_key=[redacted]');
    expect(redactUrl('/api/admin/users?q=bob&page=1')).toBe('/api/admin/users?q=bob&page=1');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/api/events?ticket=t1&topics=race')).toBe('/api/events?ticket=[redacted]&topics=race');
    expect(redactUrl('/api/integrations/kick/callback?code=c1&state=s1')).toBe('/api/integrations/kick/callback?code=[redacted]&state=[redacted]');
  });

  it("the request log writes the live channel's ticket and an OAuth callback's code and state redacted", async () => {
    const secrets = ['TICKETSECRET0123456789abcdefghijklmnopqrstu', 'OAUTHCODESECRET0123456789', 'OAUTHSTATESECRET0123456789'];
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: `/api/events?ticket=${secrets[0]}&topics=race` });
    await t.app.inject({ method: 'GET', url: `/api/integrations/kick/callback?code=${secrets[1]}&state=${secrets[2]}` });
    const log = lines.slice(before).join('');
    expect(log).toContain('/api/events?ticket=[redacted]&topics=race');
    expect(log).toContain('/api/integrations/kick/callback?code=[redacted]&state=[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('the request log writes /reset-password and /verify-email without their token', async () => {
    const secrets = ['RESETSECRET0123456789abcdef', 'VERIFYSECRET0123456789abcdef'];
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${secrets[0]}` });
    await t.app.inject({ method: 'GET', url: `/verify-email?token=${secrets[1]}&from=mail` });
    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/verify-email?token=[redacted]&from=mail');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('outbox mode logs that a mail was written and where, not the link', async () => {
    const before = lines.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: t.config.appOrigin },
      payload: { email: 'log-check@example.com', password: 'a-Long-enough-pass-42', username: 'logcheck' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // Registration mails after its answer.
    await t.app.backgroundWork.idle();
    const dir = outboxDir(t.config.dataDir);
    const [file] = readdirSync(dir);
    const mail = readFileSync(path.join(dir, file!), 'utf8').replace(/=\r?\n/g, '');
    const token = /token=3D([A-Za-z0-9_-]+)|token=([A-Za-z0-9_-]+)/.exec(mail);
    const secret = token![1] ?? token![2]!;
    expect(secret.length).toBeGreaterThan(10);
    const written = lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written).toContainEqual(
      expect.objectContaining({ msg: expect.stringMatching(/^mail written to the outbox/), to: 'log-check@example.com', file: path.join(dir, file!) }),
    );
    expect(lines.join('')).not.toContain(secret);
  });
});
