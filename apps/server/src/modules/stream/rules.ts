import { DEFAULT_STREAM_RULES, StreamRulesSchema, type StreamRules } from '@app/shared/api/stream';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { diffChanges, recordAudit, type AuditActor } from '../../platform/audit.ts';

/** The stream points rules, saved in app_settings 'stream.rules'; the defaults until first saved. */
const KEY = 'stream.rules';

export async function streamRules(db: Database | Tx): Promise<StreamRules> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  // A saved value from an older shape keeps the defaults for what it lacks.
  const parsed = StreamRulesSchema.safeParse({ ...DEFAULT_STREAM_RULES, ...(row?.value as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_STREAM_RULES;
}

/** PUT /api/admin/stream/rules: saved and audited with what changed. */
export async function saveStreamRules(db: Database, rules: StreamRules, actor: AuditActor, now: Date): Promise<{ rules: StreamRules }> {
  const normalized: StreamRules = { ...rules, ignoredUsernames: [...new Set(rules.ignoredUsernames.map((n) => n.toLowerCase()))] };
  return db.transaction(async (tx) => {
    const before = await streamRules(tx);
    await tx
      .insert(appSettings)
      .values({ key: KEY, value: normalized, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value`, updatedAt: now } });
    await recordAudit(tx, {
      ...actor,
      action: 'stream_rules.update',
      targetType: 'stream',
      targetId: null,
      changes: { summary: 'Stream points rules', ...diffChanges(before, normalized) },
      at: now,
    });
    return { rules: normalized };
  });
}
