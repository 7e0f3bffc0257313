import {
  CHAT_MODERATION_ACT_KINDS,
  ChatModerationSettingsSchema,
  DEFAULT_CHAT_MODERATION,
  KICK_MAX_TIMEOUT_MINUTES,
  type ChatModerationAct,
  type ChatModerationSettings,
  type ChatModerationState,
} from '@app/shared/api/chat-moderation';
import { compileChatMatcher, type ChatMatcher } from '@app/shared/domain/chat-moderation';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, chatModerationEnforcements, chatModerationOffenders, socialAccounts, userRestrictions } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { diffChanges, type AuditActor } from '../../platform/audit.ts';
import { restrictionHoldsSql } from '../../platform/restrictions.ts';
import { defineSetting, readSetting, writeSetting } from '../../platform/settings.ts';
import { isBotFeatureOn } from '../chat/index.ts';
import { viewerLinkSql } from '../chat/index.ts';

/**
 * The settings, in app_settings 'chat_moderation.settings'; the defaults until first saved. A saved
 * value of an older shape keeps the defaults for what it lacks.
 */
const ModerationSetting = defineSetting<ChatModerationSettings>({
  key: 'chat_moderation.settings',
  schema: ChatModerationSettingsSchema,
  defaultValue: DEFAULT_CHAT_MODERATION,
  canLackFields: true,
});

/** How many recent acts the panel shows. */
const RECENT = 20;

const ACT_ACTIONS = CHAT_MODERATION_ACT_KINDS.map((kind) => `chat_moderation.${kind}`);

async function chatModerationSettings(db: Database | Tx): Promise<ChatModerationSettings> {
  return readSetting(db, ModerationSetting);
}

let compiled: { key: string; matcher: ChatMatcher } | null = null;

/** The settings' matcher, compiled once per distinct settings (derived data: every server compiles the same). */
function matcherFor(settings: ChatModerationSettings): ChatMatcher {
  const key = JSON.stringify([settings.blockedTerms, settings.blockLinks, settings.allowedDomains]);
  if (compiled?.key !== key) compiled = { key, matcher: compileChatMatcher(settings) };
  return compiled.matcher;
}

/** The settings and the switch together (null when the switch is off): what the chat hook reads first. */
export async function activeModeration(db: Database | Tx): Promise<{ settings: ChatModerationSettings; matcher: ChatMatcher } | null> {
  if (!(await isBotFeatureOn(db, 'moderation'))) return null;
  const settings = await chatModerationSettings(db);
  return { settings, matcher: matcherFor(settings) };
}

function normalized(settings: ChatModerationSettings): ChatModerationSettings {
  const seen = new Set<string>();
  const blockedTerms = settings.blockedTerms.filter((t) => {
    const k = t.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { ...settings, blockedTerms, allowedDomains: [...new Set(settings.allowedDomains)] };
}

/** PUT /api/admin/stream/moderation: saved and audited with what changed. */
export async function saveChatModerationSettings(db: Database, input: ChatModerationSettings, actor: AuditActor, now: Date): Promise<ChatModerationState> {
  const settings = normalized(input);
  await writeSetting(db, ModerationSetting, settings, now, {
    actor,
    describe: (before, after) => ({
      action: 'chat_moderation.settings',
      targetType: 'stream',
      targetId: null,
      changes: { summary: 'Chat moderation settings', ...diffChanges(before, after) },
    }),
  });
  return chatModerationState(db);
}

/** GET /api/admin/stream/moderation. */
export async function chatModerationState(db: Database): Promise<ChatModerationState> {
  const [settings, enabled, recent] = await Promise.all([chatModerationSettings(db), isBotFeatureOn(db, 'moderation'), recentActs(db)]);
  return { settings, enabled, recent };
}

/** The bot's latest acts, from the audit log (a partial index on its moderation rows keeps this short). */
async function recentActs(db: Database): Promise<ChatModerationAct[]> {
  const rows = await db
    .select({ id: auditLog.id, action: auditLog.action, changes: auditLog.changes, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(sql`${auditLog.action} like 'chat_moderation.%'`, inArray(auditLog.action, ACT_ACTIONS)))
    .orderBy(desc(auditLog.seq))
    .limit(RECENT);
  return rows.map((r) => {
    const c = (r.changes ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      id: r.id,
      kind: r.action.slice('chat_moderation.'.length) as ChatModerationAct['kind'],
      time: r.createdAt.toISOString(),
      kickUserId: text(c.kickUserId),
      kickUsername: text(c.kickUsername),
      message: text(c.message),
      reason: text(c.reason),
      minutes: typeof c.minutes === 'number' ? c.minutes : null,
    };
  });
}

/**
 * Counts an offence of a Kick user and returns how many they have within the window, this one
 * included. One statement that locks the user's row: two servers moderating the same user's
 * messages at once count both.
 */
export async function countOffence(tx: Tx, kickUserId: string, username: string, windowMinutes: number, at: Date): Promise<number> {
  const since = new Date(at.getTime() - windowMinutes * 60_000).toISOString();
  const now = at.toISOString();
  const o = chatModerationOffenders;
  const [row] = await tx
    .insert(o)
    .values({ kickUserId, username, offences: sql`array[${now}::timestamptz]`, lastOffenceAt: at })
    .onConflictDoUpdate({
      target: o.kickUserId,
      set: {
        username: sql`excluded.username`,
        offences: sql`array(select t from unnest(${o.offences}) t where t > ${since}::timestamptz order by t) || ${now}::timestamptz`,
        lastOffenceAt: sql`greatest(${o.lastOffenceAt}, excluded.last_offence_at)`,
      },
    })
    .returning({ count: sql<number>`cardinality(${o.offences})` });
  return Number(row?.count ?? 1);
}

/** The timeout of the n-th offence within the window: none for the first, then the steps (the last repeats). */
export function timeoutFor(offence: number, steps: readonly number[]): number | null {
  if (offence < 2 || steps.length === 0) return null;
  return steps[Math.min(offence - 2, steps.length - 1)]!;
}

/**
 * The Kick ids of linked users with a site Chat ban not yet in force in Kick's chat (never enforced,
 * or its capped timeout has ended): for the bulk lane's predicate, once per batch.
 */
export async function pendingChatBanKickIds(tx: Tx, now: Date): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ kickUserId: socialAccounts.externalId })
    .from(socialAccounts)
    .innerJoin(userRestrictions, and(eq(userRestrictions.userId, socialAccounts.userId), eq(userRestrictions.kind, 'ban_chat'), restrictionHoldsSql(now)))
    .leftJoin(chatModerationEnforcements, eq(chatModerationEnforcements.restrictionId, userRestrictions.id))
    .where(and(eq(socialAccounts.platform, 'kick'), notEnforcedAt(now)));
  return new Set(rows.map((r) => r.kickUserId));
}

const notEnforcedAt = (now: Date) =>
  or(
    isNull(chatModerationEnforcements.restrictionId),
    and(sql`${chatModerationEnforcements.timedOutUntil} is not null`, sql`${chatModerationEnforcements.timedOutUntil} <= ${now.toISOString()}::timestamptz`),
  );

type ChatBanClaim = { userId: string; restrictionId: string; minutes: number | null };

/**
 * A linked Kick user's site Chat ban to put in force now, claimed (once across servers): the
 * longest holding one not yet enforced. The timeout lasts until the restriction's expiry, in whole
 * minutes, capped at Kick's 7 days (enforced again when they speak after it); no expiry: a
 * permanent Kick ban. Null: nothing to enforce.
 */
export async function claimChatBan(tx: Tx, kickUserId: string, now: Date): Promise<ChatBanClaim | null> {
  const [candidate] = await tx
    .select({ userId: userRestrictions.userId, restrictionId: userRestrictions.id, expiresAt: userRestrictions.expiresAt })
    .from(socialAccounts)
    .innerJoin(userRestrictions, and(eq(userRestrictions.userId, socialAccounts.userId), eq(userRestrictions.kind, 'ban_chat'), restrictionHoldsSql(now)))
    .leftJoin(chatModerationEnforcements, eq(chatModerationEnforcements.restrictionId, userRestrictions.id))
    .where(and(viewerLinkSql('kick', kickUserId), notEnforcedAt(now)))
    .orderBy(sql`${userRestrictions.expiresAt} desc nulls first`, asc(userRestrictions.id))
    .limit(1);
  if (!candidate) return null;
  const minutes = candidate.expiresAt
    ? Math.min(KICK_MAX_TIMEOUT_MINUTES, Math.max(1, Math.ceil((candidate.expiresAt.getTime() - now.getTime()) / 60_000)))
    : null;
  const until = minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
  return (await markChatBanEnforced(tx, candidate.restrictionId, until, now, true)) ? { ...candidate, minutes } : null;
}

/**
 * Records a Chat ban as in force in Kick's chat until `until` (null: permanent). `onlyIfDue`: only
 * when it was never enforced or its timeout has ended (the claim); false: always (a ban Kick
 * reported itself, so the user is not timed out again on top of a moderator's decision).
 * Returns whether the row was written.
 */
export async function markChatBanEnforced(tx: Tx, restrictionId: string, until: Date | null, now: Date, onlyIfDue = false): Promise<boolean> {
  const e = chatModerationEnforcements;
  const rows = await tx
    .insert(e)
    .values({ restrictionId, timedOutUntil: until, enforcedAt: now })
    .onConflictDoUpdate({
      target: e.restrictionId,
      set: { timedOutUntil: until, enforcedAt: now },
      ...(onlyIfDue ? { setWhere: and(sql`${e.timedOutUntil} is not null`, sql`${e.timedOutUntil} <= ${now.toISOString()}::timestamptz`) } : {}),
    })
    .returning({ id: e.restrictionId });
  return rows.length > 0;
}

/** Offenders with no offence for a day are forgotten (the window is at most a day). */
export async function purgeOffenders(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(chatModerationOffenders)
    .where(lt(chatModerationOffenders.lastOffenceAt, new Date(now.getTime() - 86_400_000)))
    .returning({ id: chatModerationOffenders.kickUserId });
  return gone.length;
}
