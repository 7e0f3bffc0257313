import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/factories.ts';

/**
 * /api/openapi.json is what third parties build clients from: Redocly's recommended rules find no
 * errors and no warnings in it, and every operation has an operationId.
 */
describe(`the OpenAPI document (${process.env.TEST_DB})`, () => {
  const t = useTestApp({ SEED_CATALOGUE: 'false' });

  it("passes Redocly's recommended rules", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });

  it('names every operation and documents the v1 surface and the webhooks', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const unnamed: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { operationId?: string }>>)) {
      for (const [method, op] of Object.entries(item)) if (!op.operationId) unnamed.push(`${method.toUpperCase()} ${path}`);
    }
    expect(unnamed).toEqual([]);
    expect(doc.paths['/api/v1/viewers/{platform}/{platformUserId}/points'].post.security).toEqual([{ apiToken: [] }]);
    expect(Object.keys(doc.webhooks)).toContain('raffle.drawn');
  });
});
