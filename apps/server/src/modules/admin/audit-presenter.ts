import type { ActivityType, AuditEntry } from '@app/shared/api/admin';
import type { auditLog } from '../../db/schema.ts';

/**
 * Which Latest Activity filter an action belongs to, by the action's prefix (spec 2 §2: Raffles,
 * Challenges, Users, Points, Levels; the other admin writes show under All Activities).
 */
const TYPE_OF_PREFIX: Record<string, ActivityType> = {
  raffle: 'raffle',
  giveaway: 'raffle',
  user: 'user',
  restriction: 'user',
  points: 'points',
  leaderboard: 'race',
  affiliate: 'affiliate',
  payout: 'affiliate',
  order: 'store',
  reward: 'store',
  bot_feature: 'settings',
  casino_account: 'user',
  wagers: 'points',
  level_reward: 'level',
  challenge: 'challenge',
  challenge_claim: 'challenge',
};

/** The action prefixes of each activity type (the Latest Activity filter). */
export const PREFIXES_OF_TYPE = Object.entries(TYPE_OF_PREFIX).reduce<Record<string, string[]>>((acc, [prefix, type]) => {
  (acc[type] ??= []).push(prefix);
  return acc;
}, {});

const TITLES: Record<string, string> = {
  'leaderboard.create': 'Leaderboard created',
  'leaderboard.update': 'Leaderboard updated',
  'leaderboard.delete': 'Leaderboard deleted',
  'leaderboard.complete': 'Leaderboard completed',
  'affiliate.create': 'Affiliate added',
  'affiliate.update': 'Affiliate updated',
  'affiliate.delete': 'Affiliate deleted',
  'payout.create': 'Payout processed',
  'restriction.apply': 'Restriction applied',
  'restriction.remove': 'Restriction removed',
  'points.grant': 'Points granted',
  'points.revoke': 'Points revoked',
  'order.approve': 'Order approved',
  'order.decline': 'Order declined',
  'points.grant_refused': 'Own points grant refused',
  'points.revoke_refused': 'Own points revoke refused',
  'order.approve_refused': 'Own order approval refused',
  'order.decline_refused': 'Own order decline refused',
  'reward.create': 'Store item created',
  'reward.update': 'Store item updated',
  'reward.delete': 'Store item deleted',
  'raffle.create': 'Raffle created',
  'raffle.update': 'Raffle updated',
  'raffle.delete': 'Raffle deleted',
  'raffle.draw': 'Raffle drawn',
  'bot_feature.update': 'Bot feature switched',
  'casino_account.verify': 'Casino account verified',
  'casino_account.reject': 'Casino account rejected',
  'wagers.import': 'Wagers imported',
  'level_reward.update': 'Level reward set',
  'level_reward.delete': 'Level reward removed',
  'koth_claim.verify': 'King of the Hill claim verified',
  'koth_claim.decline': 'King of the Hill claim declined',
  'koth.settings': 'King of the Hill settings changed',
  'challenge.create': 'Challenge posted',
  'challenge.update': 'Challenge edited',
  'challenge_claim.verify': 'Challenge claim verified',
  'challenge_claim.decline': 'Challenge claim declined',
  'challenge_claim.submit_refused': 'Admin challenge claim refused',
  'how_to.settings': 'How-To bonus changed',
  'stream.connect': 'Kick channel connected',
  'stream.disconnect': 'Kick channel disconnected',
  'stream.token_refresh_failed': 'Kick token refresh failed',
  'stream_rules.update': 'Stream points rules changed',
  'stream_command.create': 'Chat command added',
  'stream_command.update': 'Chat command changed',
  'stream_command.delete': 'Chat command deleted',
  'giveaway.start': 'Chat giveaway started',
  'giveaway.close': 'Chat giveaway closed',
  'giveaway.draw': 'Chat giveaway drawn',
  'giveaway.redraw': 'Chat giveaway winner redrawn',
  'giveaway.fulfil': 'Chat giveaway prize fulfilled',
  'chat_moderation.settings': 'Chat moderation settings changed',
  'chat_moderation.delete': 'Chat message deleted by the bot',
  'chat_moderation.timeout': 'Chat timeout by the bot',
  'chat_moderation.chat_ban': 'Chat ban put in force in Kick chat',
};

export type AuditRow = typeof auditLog.$inferSelect & { actorName: string | null };

/** An audit row as a Latest Activity entry: its filter type, title and the `summary` as details. */
export function presentAudit(row: AuditRow): AuditEntry {
  const summary = row.changes && typeof row.changes.summary === 'string' ? row.changes.summary : '';
  return {
    id: row.id,
    type: TYPE_OF_PREFIX[row.action.split('.')[0]!] ?? 'settings',
    title: TITLES[row.action] ?? row.action,
    details: summary,
    time: row.createdAt.toISOString(),
    action: row.action,
    actor: row.actorId && row.actorName ? { id: row.actorId, username: row.actorName } : null,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: row.changes ?? null,
    ipAddress: row.ip,
    userAgent: row.userAgent,
  };
}
