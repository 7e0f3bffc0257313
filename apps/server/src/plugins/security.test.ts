import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { helmetHeaders } from './security.ts';

/** What @fastify/helmet sent with these options (recorded from it before the headers were computed once). */
const EXPECTED: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self' data:;" +
    "connect-src 'self';media-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';worker-src 'self' blob:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe(`security headers (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('computes exactly the header set helmet writes for our options', () => {
    const { set, removed } = helmetHeaders();
    expect(Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(EXPECTED);
    expect(removed.map((name) => name.toLowerCase())).toEqual(['x-powered-by']);
  });

  it.each([
    ['a 200', 'GET', '/api/health', 200],
    ['a 401', 'GET', '/api/auth/me', 401],
    ['a 404', 'GET', '/api/does-not-exist', 404],
    ['a 400', 'POST', '/api/auth/login', 400],
  ] as const)('sends every security header on %s', async (_label, method, url, status) => {
    const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(status);
    for (const [name, value] of Object.entries(EXPECTED)) expect(res.headers[name], name).toBe(value);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
