import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appSettings, auditLog } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { claimSetting, defineSetting, readSetting, readSettingEntries, writeSetting } from './settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PairSchema = z.strictObject({ a: z.number(), b: z.number() });
const pair = (key: string, canLackFields = false) => defineSetting({ key, schema: PairSchema, defaultValue: { a: 1, b: 2 }, canLackFields });
const actor = { actorId: null, ip: '127.0.0.1', userAgent: 'test' };
const now = new Date('2026-03-01T12:00:00.000Z');

async function auditsOf(action: string) {
  return t.app.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('platform/settings', () => {
  it('reads the default until saved, then the saved value; a value that does not parse reads as the default', async () => {
    const setting = pair('test.read');
    expect(await readSetting(t.app.db, setting)).toEqual({ a: 1, b: 2 });
    expect(await readSettingEntries(t.app.db, [setting])).toEqual([{ value: { a: 1, b: 2 }, updatedAt: null }]);

    await writeSetting(t.app.db, setting, { a: 5, b: 6 }, now);
    expect(await readSetting(t.app.db, setting)).toEqual({ a: 5, b: 6 });
    expect(await readSettingEntries(t.app.db, [setting])).toEqual([{ value: { a: 5, b: 6 }, updatedAt: now }]);

    await t.app.db
      .update(appSettings)
      .set({ value: { a: 'x' } })
      .where(eq(appSettings.key, 'test.read'));
    expect(await readSetting(t.app.db, setting)).toEqual({ a: 1, b: 2 });
  });

  it('fills what an older saved shape lacks from the default only for a setting that allows it', async () => {
    await t.app.db.insert(appSettings).values({ key: 'test.partial', value: { a: 7 }, updatedAt: now });
    expect(await readSetting(t.app.db, pair('test.partial', true))).toEqual({ a: 7, b: 2 });
    expect(await readSetting(t.app.db, pair('test.partial'))).toEqual({ a: 1, b: 2 });
  });

  it('saves and audits in one transaction of its own, with the value it replaced', async () => {
    const setting = pair('test.audited');
    const audit = {
      actor,
      describe: (before: { a: number }, after: { a: number }) => ({
        action: 'test_setting.update',
        targetType: 'test',
        targetId: null,
        changes: { summary: `a: ${before.a} to ${after.a}` },
      }),
    };
    expect(await writeSetting(t.app.db, setting, { a: 3, b: 4 }, now, audit)).toEqual({ before: { a: 1, b: 2 } });
    expect(await writeSetting(t.app.db, setting, { a: 8, b: 4 }, now, audit)).toEqual({ before: { a: 3, b: 4 } });
    const audits = await auditsOf('test_setting.update');
    expect(audits.map((a) => a.changes)).toEqual([{ summary: 'a: 1 to 3' }, { summary: 'a: 3 to 8' }]);
    expect(audits[0]).toMatchObject({ targetType: 'test', ip: '127.0.0.1', userAgent: 'test', createdAt: now });

    // An audit that fails takes the save with it.
    const failing = {
      actor,
      describe: (): never => {
        throw new Error('audit failed');
      },
    };
    await expect(writeSetting(t.app.db, setting, { a: 9, b: 9 }, now, failing)).rejects.toThrow('audit failed');
    expect(await readSetting(t.app.db, setting)).toEqual({ a: 8, b: 4 });
  });

  it("writes in the caller's transaction: the caller's rollback undoes the save and its audit", async () => {
    const setting = pair('test.in-tx');
    const audit = { actor, describe: () => ({ action: 'test_setting.in_tx', targetType: 'test', targetId: null, changes: null }) };
    await expect(
      t.app.db.transaction(async (tx) => {
        await writeSetting(tx, setting, { a: 4, b: 4 }, now, audit);
        expect(await readSetting(tx, setting)).toEqual({ a: 4, b: 4 });
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await readSetting(t.app.db, setting)).toEqual({ a: 1, b: 2 });
    expect(await auditsOf('test_setting.in_tx')).toEqual([]);
  });

  it('claims a value once across concurrent callers, and not when the decision is to leave it', async () => {
    const setting = defineSetting({ key: 'test.claim', schema: z.object({ at: z.number() }), defaultValue: { at: 0 } });
    const takeFirst = ({ at }: { at: number }) => (at === 0 ? { at: now.getTime() } : null);
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimSetting(t.app.db, setting, now, takeFirst)));
    expect(claims.filter((c) => c.isClaimed)).toHaveLength(1);
    expect(await readSetting(t.app.db, setting)).toEqual({ at: now.getTime() });

    const left = await claimSetting(t.app.db, setting, now, () => null);
    expect(left).toEqual({ isClaimed: false, before: { at: now.getTime() } });
  });
});
