import { DEFAULT_STREAM_RULES, StreamRulesSchema, type StreamRules } from '@app/shared/api/stream';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../../db/tx.ts';
import { diffChanges, type AuditActor } from '../../platform/audit.ts';
import { defineSetting, readSetting, writeSetting } from '../../platform/settings.ts';

/**
 * The stream points rules, saved in app_settings 'stream.rules'; the defaults until first saved. A
 * saved value from an older shape keeps the defaults for what it lacks.
 */
const RulesSetting = defineSetting<StreamRules>({ key: 'stream.rules', schema: StreamRulesSchema, defaultValue: DEFAULT_STREAM_RULES, canLackFields: true });

export async function streamRules(db: Database | Tx): Promise<StreamRules> {
  return readSetting(db, RulesSetting);
}

/** PUT /api/admin/stream/rules: saved and audited with what changed. */
export async function saveStreamRules(db: Database, rules: StreamRules, actor: AuditActor, now: Date): Promise<{ rules: StreamRules }> {
  const normalized: StreamRules = { ...rules, ignoredUsernames: [...new Set(rules.ignoredUsernames.map((n) => n.toLowerCase()))] };
  await writeSetting(db, RulesSetting, normalized, now, {
    actor,
    describe: (before, after) => ({
      action: 'stream_rules.update',
      targetType: 'stream',
      targetId: null,
      changes: { summary: 'Stream points rules', ...diffChanges(before, after) },
    }),
  });
  return { rules: normalized };
}
