import type { BotFeature, BotFeatureId } from '@app/shared/api/admin';
import { BOT_FEATURE_IDS } from '@app/shared/api/admin';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../../db/tx.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { defineSetting, readSettingEntries, writeSetting, type SettingEntry } from '../../platform/settings.ts';

/** spec 2 §3 Bot feature: the five features; their switches are saved in app_settings ('bot.<id>'). */
const FEATURES: Record<BotFeatureId, { name: string; description: string; defaultStatus: boolean }> = {
  dealornodeal: { name: 'Deal or No Deal', description: 'Run Deal or No Deal games in the stream chat', defaultStatus: true },
  giveaway: { name: 'Giveaways', description: 'Chat giveaways and raffle announcements', defaultStatus: true },
  points: { name: 'Points', description: 'Award and show viewer points in chat', defaultStatus: true },
  commands: { name: 'Commands', description: 'Custom chat commands', defaultStatus: true },
  moderation: { name: 'Moderation', description: 'Automatic chat moderation', defaultStatus: false },
};

const BotSwitchSchema = z.object({ status: z.boolean() });
type BotSwitch = z.infer<typeof BotSwitchSchema>;

const switchOf = (id: BotFeatureId) =>
  defineSetting<BotSwitch>({ key: `bot.${id}`, schema: BotSwitchSchema, defaultValue: { status: FEATURES[id].defaultStatus } });

/** Presenter: a feature with its saved switch, or its default until first switched. */
function presentBotFeature(id: BotFeatureId, entry: SettingEntry<BotSwitch>): BotFeature {
  return {
    id,
    name: FEATURES[id].name,
    description: FEATURES[id].description,
    status: entry.value.status,
    updatedAt: entry.updatedAt ? entry.updatedAt.toISOString() : null,
  };
}

/** The five features with their saved switches (the default until first switched). */
export async function listBotFeatures(db: Database | Tx): Promise<BotFeature[]> {
  const entries = await readSettingEntries(db, BOT_FEATURE_IDS.map(switchOf));
  return BOT_FEATURE_IDS.map((id, i) => presentBotFeature(id, entries[i]!));
}

/**
 * Whether a switch is on now: what the stream's work asks before it runs ('points' before crediting,
 * 'commands' before answering a command or taking a link request).
 */
export async function isBotFeatureOn(db: Database | Tx, id: BotFeatureId): Promise<boolean> {
  const [entry] = await readSettingEntries(db, [switchOf(id)]);
  return entry!.value.status;
}

/** PUT /api/admin/bot-features/:id: saves the switch, audited with its previous status. */
export async function setBotFeature(db: Database, id: BotFeatureId, status: boolean, actor: AuditActor, now: Date): Promise<{ feature: BotFeature }> {
  const feature = presentBotFeature(id, { value: { status }, updatedAt: now });
  await writeSetting(db, switchOf(id), { status }, now, {
    actor,
    describe: (before) => ({
      action: 'bot_feature.update',
      targetType: 'bot_feature',
      targetId: feature.id,
      changes: { summary: `${feature.name} ${feature.status ? 'on' : 'off'}`, status: { from: before.status, to: feature.status } },
    }),
  });
  return { feature };
}
