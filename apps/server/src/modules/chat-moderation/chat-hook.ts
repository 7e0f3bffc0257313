import type { ChatViolation } from '@app/shared/domain/chat-moderation';
import { recordAudit } from '../../platform/audit.ts';
import type { ChatHook, ChatHookCall } from '../chat/index.ts';
import type { ChatBadge } from '../chat/index.ts';
import { activeModeration, claimChatBan, countOffence, markChatBanEnforced, pendingChatBanKickIds, timeoutFor } from './moderation-service.ts';

/**
 * Chat moderation (the 'moderation' switch), first of the chat hooks. A linked user with a site Chat
 * ban is timed out in Kick's chat when they speak (once per restriction); a message with a blocked
 * word or phrase, or a link outside the allowed domains, is deleted, and repeated offences within
 * the window escalate to timeouts. Moderators, VIPs and the broadcaster (by their chat badges) are
 * exempt. Every act is audited with the message's text, done by the bot (no admin actor).
 */

const EXEMPT_BADGES = new Set<ChatBadge>(['moderator', 'vip', 'broadcaster']);

const isExempt = (badges: readonly ChatBadge[]) => badges.some((b) => EXEMPT_BADGES.has(b));

function reasonOf(v: ChatViolation): string {
  return v.kind === 'term' ? `Blocked word "${v.term}"` : `Link to ${v.host}`;
}

const minutesText = (m: number | null) => (m === null ? 'permanently' : `for ${m} minute${m === 1 ? '' : 's'}`);

async function audit(
  call: ChatHookCall,
  kind: 'delete' | 'timeout' | 'chat_ban',
  fields: { summary: string; reason: string; minutes?: number | null; offence?: number; userId?: string },
) {
  const { sender, message, at, tx } = call;
  await recordAudit(tx, {
    action: `chat_moderation.${kind}`,
    targetType: fields.userId ? 'user' : 'kick_user',
    targetId: fields.userId ?? sender.platformUserId,
    changes: {
      summary: `${fields.summary} (done by the bot)`,
      by: 'bot',
      kickUserId: sender.platformUserId,
      kickUsername: sender.username,
      messageId: message.id,
      message: message.content.slice(0, 500),
      reason: fields.reason,
      minutes: fields.minutes ?? null,
      ...(fields.offence ? { offence: fields.offence } : {}),
    },
    at,
  });
}

export const moderationHook: ChatHook = {
  name: 'moderation',
  // First: a message it deletes (or whose sender it times out) enters nothing and runs no command.
  order: 10,

  // Runs once per bulk batch: two small reads with the switch on, one with it off.
  async wants(tx, now) {
    const active = await activeModeration(tx);
    if (!active) return null;
    const banned = await pendingChatBanKickIds(tx, now);
    const { matcher } = active;
    return (message) => !isExempt(message.viewer.badges) && (banned.has(message.viewer.platformUserId) || matcher.check(message.content) !== null);
  },

  async run(call) {
    const { tx, sender, message, at, actions } = call;
    if (isExempt(sender.badges)) return 'continue';
    const active = await activeModeration(tx);
    if (!active) return 'continue';

    const ban = await claimChatBan(tx, sender.platformUserId, at);
    if (ban) {
      actions.push({ kind: 'timeout', platformUserId: sender.platformUserId, minutes: ban.minutes, reason: 'Site chat ban' });
      await audit(call, 'chat_ban', {
        summary: `Timed out @${sender.username} in Kick chat ${minutesText(ban.minutes)} for a site Chat ban`,
        reason: 'Site Chat ban',
        minutes: ban.minutes,
        userId: ban.userId,
      });
      return 'stop';
    }

    const violation = active.matcher.check(message.content);
    if (!violation) return 'continue';
    const reason = reasonOf(violation);
    const offence = await countOffence(tx, sender.platformUserId, sender.username, active.settings.windowMinutes, at);
    if (message.id) {
      actions.push({ kind: 'delete-message', messageId: message.id });
      await audit(call, 'delete', { summary: `Deleted a message from @${sender.username} in Kick chat: ${reason}`, reason, offence });
    }
    const minutes = timeoutFor(offence, active.settings.timeoutMinutes);
    if (minutes !== null) {
      actions.push({
        kind: 'timeout',
        platformUserId: sender.platformUserId,
        minutes,
        reason: `Chat moderation: offence ${offence} in ${active.settings.windowMinutes} min`,
      });
      await audit(call, 'timeout', {
        summary: `Timed out @${sender.username} in Kick chat ${minutesText(minutes)} (offence ${offence}): ${reason}`,
        reason,
        minutes,
        offence,
      });
    }
    return 'stop';
  },

  // A ban the channel's moderators gave on the platform is in force there already: it is not put in force again on top of it.
  async onPlatformBan({ tx, restrictionId, until, at }) {
    await markChatBanEnforced(tx, restrictionId, until, at);
  },
};
