import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { appSettings } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
import { recordAudit, type AuditActor, type AuditInput } from './audit.ts';

/**
 * The run-time settings (app_settings: a key and a JSON value). A module declares each of its
 * settings once (key, schema of the stored value, default) and reads and writes it only here:
 *
 *   const RulesSetting = defineSetting({ key: 'stream.rules', schema: StreamRulesSchema, defaultValue: DEFAULT_STREAM_RULES });
 *   await readSetting(db, RulesSetting);
 *   await writeSetting(db, RulesSetting, rules, now, { actor, describe: (before, after) => ({ action, ... }) });
 *
 * A stored value that no longer fits the schema reads as the default, so a bad row never breaks a
 * read; what is stored is the value as written (the caller normalizes it first).
 */

type Db = Database | Tx;

type Setting<T> = {
  /** The app_settings key. */
  key: string;
  schema: z.ZodType<T>;
  /** The value until first saved, and when the saved one does not parse. */
  defaultValue: T;
  /**
   * A saved value of an older shape may lack fields: the default's fill them before it is parsed
   * (for settings that gained fields after they were first saved).
   */
  canLackFields?: boolean;
};

/** A setting's value and when it was last saved (null until first saved). */
export type SettingEntry<T> = { value: T; updatedAt: Date | null };

/** What a write records in the audit log, from the value before and the value saved. */
type SettingAudit<T> = {
  actor: AuditActor;
  describe: (before: T, after: T) => Pick<AuditInput, 'action' | 'targetType' | 'targetId' | 'changes'>;
};

export function defineSetting<T>(setting: Setting<T>): Setting<T> {
  return setting;
}

function parse<T>(setting: Setting<T>, stored: unknown): T {
  const candidate = setting.canLackFields ? { ...setting.defaultValue, ...(stored as object | undefined) } : stored;
  const parsed = setting.schema.safeParse(candidate);
  return parsed.success ? parsed.data : setting.defaultValue;
}

/** A setting's value (the default until first saved). */
export async function readSetting<T>(db: Db, setting: Setting<T>): Promise<T> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, setting.key));
  return parse(setting, row?.value);
}

/** Several settings of one shape with when each was saved, in one query, in the order asked. */
export async function readSettingEntries<T>(db: Db, settings: readonly Setting<T>[]): Promise<SettingEntry<T>[]> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(
      inArray(
        appSettings.key,
        settings.map((s) => s.key),
      ),
    );
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return settings.map((s) => {
    const row = byKey.get(s.key);
    return { value: parse(s, row?.value), updatedAt: row?.updatedAt ?? null };
  });
}

/** Runs the work in the caller's open transaction, or in a new one when handed the database. */
function inTransaction<R>(db: Db, work: (tx: Db) => Promise<R>): Promise<R> {
  return 'rollback' in db ? work(db) : db.transaction(work);
}

/**
 * Saves a setting (insert or replace) and, when `audit` is given, the audit row of the change, both
 * in the caller's transaction or in one of its own. Returns the value it replaced (the default when
 * there was none).
 */
export async function writeSetting<T>(db: Db, setting: Setting<T>, value: T, now: Date, audit?: SettingAudit<T>): Promise<{ before: T }> {
  return inTransaction(db, async (tx) => {
    const before = await readSetting(tx, setting);
    await tx
      .insert(appSettings)
      .values({ key: setting.key, value, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value`, updatedAt: now } });
    if (audit) await recordAudit(tx, { ...audit.actor, ...audit.describe(before, value), at: now });
    return { before };
  });
}

/**
 * Replaces a setting only if no one else replaced it since it was read: `next` decides from the
 * current value (null: leave it), and of several servers deciding on the same value one wins (the
 * update is conditional on the stored value being the one read). Returns whether this call replaced
 * it, and the value it decided on.
 */
export async function claimSetting<T>(
  db: Database,
  setting: Setting<T>,
  now: Date,
  next: (current: T) => T | null,
): Promise<{ isClaimed: boolean; before: T }> {
  // The row must exist for the conditional update to have something to win.
  await db.insert(appSettings).values({ key: setting.key, value: setting.defaultValue, updatedAt: now }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, setting.key));
  const before = parse(setting, row?.value);
  const value = next(before);
  if (value === null) return { isClaimed: false, before };
  const claimed = await db
    .update(appSettings)
    .set({ value, updatedAt: now })
    .where(and(eq(appSettings.key, setting.key), sql`${appSettings.value} = ${JSON.stringify(row!.value)}::jsonb`))
    .returning({ key: appSettings.key });
  return { isClaimed: claimed.length > 0, before };
}
