import type { BotFeature, BotFeatureId } from '@app/shared/api/admin';
import { BOT_FEATURE_IDS } from '@app/shared/api/admin';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';

/** spec 2 §3 Bot feature: the five features; their switches are saved in app_settings ('bot.<id>'). */
const FEATURES: Record<BotFeatureId, { name: string; description: string; defaultStatus: boolean }> = {
  dealornodeal: { name: 'Deal or No Deal', description: 'Run Deal or No Deal games in the stream chat', defaultStatus: true },
  giveaway: { name: 'Giveaways', description: 'Chat giveaways and raffle announcements', defaultStatus: true },
  points: { name: 'Points', description: 'Award and show viewer points in chat', defaultStatus: true },
  commands: { name: 'Commands', description: 'Custom chat commands', defaultStatus: true },
  moderation: { name: 'Moderation', description: 'Automatic chat moderation', defaultStatus: false },
};

const keyOf = (id: BotFeatureId) => `bot.${id}`;

/** The five features with their saved switches (the default until first switched). */
export async function listBotFeatures(db: Database | Tx): Promise<BotFeature[]> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, BOT_FEATURE_IDS.map(keyOf)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return BOT_FEATURE_IDS.map((id) => {
    const row = byKey.get(keyOf(id));
    const saved = row && typeof (row.value as { status?: unknown }).status === 'boolean' ? (row.value as { status: boolean }).status : null;
    return {
      id,
      name: FEATURES[id].name,
      description: FEATURES[id].description,
      status: saved ?? FEATURES[id].defaultStatus,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  });
}

/** PUT /api/admin/bot-features/:id: saves the switch; returns the feature and its previous status. */
export async function setBotFeature(tx: Tx, id: BotFeatureId, status: boolean, now: Date): Promise<{ feature: BotFeature; previous: boolean }> {
  const previous = (await listBotFeatures(tx)).find((f) => f.id === id)!.status;
  await tx
    .insert(appSettings)
    .values({ key: keyOf(id), value: { status }, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value`, updatedAt: now } });
  const feature = (await listBotFeatures(tx)).find((f) => f.id === id)!;
  return { feature, previous };
}
