import type { BotFeature, BotFeatureId } from '@app/shared/api/admin';
import { BOT_FEATURE_IDS } from '@app/shared/api/admin';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';

/** spec 2 §3 Bot feature: the five features; their switches are saved in app_settings ('bot.<id>'). */
const FEATURES: Record<BotFeatureId, { name: string; description: string; defaultStatus: boolean }> = {
  dealornodeal: { name: 'Deal or No Deal', description: 'Run Deal or No Deal games in the stream chat', defaultStatus: true },
  giveaway: { name: 'Giveaways', description: 'Chat giveaways and raffle announcements', defaultStatus: true },
  points: { name: 'Points', description: 'Award and show viewer points in chat', defaultStatus: true },
  commands: { name: 'Commands', description: 'Custom chat commands', defaultStatus: true },
  moderation: { name: 'Moderation', description: 'Automatic chat moderation', defaultStatus: false },
};

const keyOf = (id: BotFeatureId) => `bot.${id}`;

type SettingRow = typeof appSettings.$inferSelect;

/** Presenter: a feature with its saved switch, or its default until first switched. */
function presentBotFeature(id: BotFeatureId, row: SettingRow | undefined): BotFeature {
  const saved = row && typeof (row.value as { status?: unknown }).status === 'boolean' ? (row.value as { status: boolean }).status : null;
  return {
    id,
    name: FEATURES[id].name,
    description: FEATURES[id].description,
    status: saved ?? FEATURES[id].defaultStatus,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** The five features with their saved switches (the default until first switched). */
export async function listBotFeatures(db: Database | Tx): Promise<BotFeature[]> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, BOT_FEATURE_IDS.map(keyOf)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return BOT_FEATURE_IDS.map((id) => presentBotFeature(id, byKey.get(keyOf(id))));
}

/**
 * Whether a switch is on now: what the stream's work asks before it runs ('points' before crediting,
 * 'commands' before answering a command or taking a link request).
 */
export async function isBotFeatureOn(db: Database | Tx, id: BotFeatureId): Promise<boolean> {
  const [row] = await db.select().from(appSettings).where(inArray(appSettings.key, [keyOf(id)]));
  return presentBotFeature(id, row).status;
}

/** PUT /api/admin/bot-features/:id: saves the switch, audited with its previous status. */
export async function setBotFeature(db: Database, id: BotFeatureId, status: boolean, actor: AuditActor, now: Date): Promise<{ feature: BotFeature }> {
  return db.transaction(async (tx) => {
    const previous = (await listBotFeatures(tx)).find((f) => f.id === id)!.status;
    await tx
      .insert(appSettings)
      .values({ key: keyOf(id), value: { status }, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value`, updatedAt: now } });
    const feature = (await listBotFeatures(tx)).find((f) => f.id === id)!;
    await recordAudit(tx, {
      ...actor,
      action: 'bot_feature.update',
      targetType: 'bot_feature',
      targetId: feature.id,
      changes: { summary: `${feature.name} ${feature.status ? 'on' : 'off'}`, status: { from: previous, to: feature.status } },
      at: now,
    });
    return { feature };
  });
}
