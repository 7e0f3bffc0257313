import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe(`app foundation (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the health check with the database kind and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: t.kind, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('has applied every migration in the journal', async () => {
    const journal = (await import('../drizzle/meta/_journal.json', { with: { type: 'json' } })).default as {
      entries: { tag: string }[];
    };
    const rows = await t.app.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(journal.entries.length);
    const tables = await t.app.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toContain('app_settings');
  });

  it('answers malformed JSON with 400 and the error envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, error: expect.any(String), code: 'INVALID_JSON' });
  });

  it('answers an over-large body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(200 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, code: 'BODY_TOO_LARGE' });
  });

  it('answers an unknown /api path with a JSON 404, never the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty('/api/health');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
