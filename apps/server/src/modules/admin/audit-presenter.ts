import type { ActivityType, AuditEntry } from '@app/shared/api/admin';
import { formatCents } from '@app/shared/domain/money-cents';
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

/**
 * The one label of every audit action (the Audit log, Latest Activity, a user's Activity tab). An
 * action without one (a new one not added here yet) reads as words, never as its raw key.
 */
export const AUDIT_ACTION_TITLES: Record<string, string> = {
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
  'stream_timer.create': 'Chat timer added',
  'stream_timer.update': 'Chat timer changed',
  'stream_timer.delete': 'Chat timer deleted',
  'stream_test_chat.message': 'Test chat message sent',
  'giveaway.start': 'Chat giveaway started',
  'giveaway.close': 'Chat giveaway closed',
  'giveaway.draw': 'Chat giveaway drawn',
  'giveaway.redraw': 'Chat giveaway winner redrawn',
  'giveaway.fulfil': 'Chat giveaway prize fulfilled',
  'chat_moderation.settings': 'Chat moderation settings changed',
  'chat_moderation.delete': 'Chat message deleted by the bot',
  'chat_moderation.timeout': 'Chat timeout by the bot',
  'chat_moderation.chat_ban': 'Chat ban put in force in Kick chat',
  'api_points.adjust': 'Points adjusted through the API',
  'api_token.create': 'API token created',
  'api_token.revoke': 'API token revoked',
  'webhook.create': 'Webhook added',
  'webhook.update': 'Webhook changed',
  'webhook.delete': 'Webhook deleted',
  'webhook.redeliver': 'Webhook delivery resent',
  'webhook.test': 'Webhook test sent',
  'points.export': 'Points exported',
  'points.import': 'Points imported',
  'bonus_hunt.create': 'Bonus hunt created',
  'bonus_hunt.bonus_add': 'Bonus added to a hunt',
  'bonus_hunt.bonus_remove': 'Bonus removed from a hunt',
  'bonus_hunt.bonus_open': 'Bonus opened',
  'bonus_hunt.bonus_guess': 'Admin bonus guess refused',
  'bonus_hunt.guess': 'Admin balance guess refused',
  'bonus_hunt.reorder': 'Hunt bonuses reordered',
  'bonus_hunt.open': 'Bonus hunt opening started',
  'bonus_hunt.finish': 'Bonus hunt finished',
  'bonus_hunt.guessing_close': 'Guess the Balance closed before the opening',
  'bonus_hunt.guessing_open': 'Guess the Balance opened again',
  'challenge_claim.submit': 'Admin challenge claim refused',
  'dond.create': 'Deal or No Deal round created',
  'dond.open': 'Deal or No Deal round opened',
  'dond.close': 'Deal or No Deal entries closed',
  'dond.cancel': 'Deal or No Deal round cancelled',
  'dond.join': 'Admin Deal or No Deal entry refused',
  'leaderboard.prize_paid': 'Race prize marked paid',
  'prediction.create': 'Prediction created',
  'prediction.lock': 'Prediction locked',
  'prediction.resolve': 'Prediction resolved',
  'prediction.cancel': 'Prediction cancelled',
  'prediction_stake.place': 'Admin prediction stake refused',
  'slot.create': 'Slot added',
  'slot.update': 'Slot changed',
  'slot.delete': 'Slot deleted',
  'slots.import': 'Slots imported',
  'user.join': 'New member',
  'bonus_hunt.bonus_update': 'Hunt bonus bet changed',
  'wager_sync.run': 'Wager sync run',
  'wager_sync.update': 'Wager sync settings changed',
};

/** What each target type is called, and the admin screen that manages it. */
const TARGETS: Record<string, { label: string; href: string | null }> = {
  user: { label: 'Member', href: '/admin/users' },
  affiliate: { label: 'Affiliate', href: '/admin/affiliates' },
  api_token: { label: 'API token', href: '/admin/settings' },
  bonus_hunt: { label: 'Bonus hunt', href: '/admin/bonus-hunts' },
  bot_feature: { label: 'Bot feature', href: '/admin/settings' },
  casino_account: { label: 'Casino account', href: '/admin/users' },
  challenge: { label: 'Challenge', href: '/admin/challenges' },
  challenge_claim: { label: 'Challenge claim', href: '/admin/challenges' },
  dond_round: { label: 'Deal or No Deal round', href: '/admin/stream' },
  giveaway: { label: 'Chat giveaway', href: '/admin/stream' },
  how_to: { label: 'How-To bonus', href: '/admin/settings' },
  koth_claim: { label: 'King of the Hill claim', href: '/admin/king-of-the-hill' },
  koth_period: { label: 'King of the Hill period', href: '/admin/king-of-the-hill' },
  leaderboard: { label: 'Race', href: '/admin/races' },
  level_reward: { label: 'Level reward', href: '/admin/levelup' },
  order: { label: 'Order', href: '/admin/orders' },
  partner: { label: 'Partner', href: '/admin/wagers' },
  points_export: { label: 'Points export', href: '/admin/settings' },
  points_import: { label: 'Points import', href: '/admin/settings' },
  payout: { label: 'Payout', href: '/admin/affiliates' },
  prediction: { label: 'Prediction', href: '/admin/predictions' },
  raffle: { label: 'Raffle', href: '/admin/raffles' },
  reward: { label: 'Store item', href: '/admin/store' },
  slot: { label: 'Slot', href: '/admin/slots' },
  stream: { label: 'Kick channel', href: '/admin/stream' },
  stream_command: { label: 'Chat command', href: '/admin/stream' },
  stream_timer: { label: 'Chat timer', href: '/admin/stream/timers' },
  wager_sync: { label: 'Wager sync', href: '/admin/wagers' },
  webhook: { label: 'Webhook', href: '/admin/settings' },
};

/** 'bonus_hunt.bonus_add' → 'Bonus hunt bonus add': the words of a key that has no label yet. */
function words(key: string): string {
  const text = key.replace(/[._]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The label of an action: its own, or its owner's with "refused (own account)", or its words. */
export function auditActionTitle(action: string): string {
  const own = AUDIT_ACTION_TITLES[action];
  if (own) return own;
  if (action.endsWith('_refused')) {
    const base = AUDIT_ACTION_TITLES[action.slice(0, -'_refused'.length)];
    if (base) return `${base}: refused (own account)`;
  }
  return words(action);
}

/** What a target type is called ('Member', 'Raffle'…), and where an admin manages it. */
export function auditTarget(targetType: string): { label: string; href: string | null } {
  return TARGETS[targetType] ?? { label: words(targetType), href: null };
}

/**
 * Amounts written in cents by older summaries ("finished at 53440 cents") in the currency: "$534.40".
 * Points are written as points already.
 */
export function auditDetails(summary: string, currency = 'USD'): string {
  return summary.replace(/(-?\d+) cents\b/g, (_, cents: string) => formatCents(Number(cents), currency));
}

export type AuditRow = typeof auditLog.$inferSelect & { actorName: string | null };
/** The target's name (a username, a title) and, for money in cents, its currency; read by audit-log.ts. */
export type AuditTargetName = { name: string; currency?: string | null };

/** An audit row as a Latest Activity entry: its filter type, title and the `summary` as details. */
export function presentAudit(row: AuditRow, targetName?: AuditTargetName | null): AuditEntry {
  const summary = row.changes && typeof row.changes.summary === 'string' ? row.changes.summary : '';
  const target = auditTarget(row.targetType);
  return {
    id: row.id,
    type: TYPE_OF_PREFIX[row.action.split('.')[0]!] ?? 'settings',
    title: auditActionTitle(row.action),
    details: auditDetails(summary, targetName?.currency ?? 'USD'),
    time: row.createdAt.toISOString(),
    action: row.action,
    actor: row.actorId && row.actorName ? { id: row.actorId, username: row.actorName } : null,
    targetType: row.targetType,
    targetId: row.targetId,
    // A member opens in the Users screen's detail (?id=); other targets link to their screen.
    target: {
      label: target.label,
      name: targetName?.name ?? null,
      href: row.targetType === 'user' && row.targetId ? `${target.href}?id=${encodeURIComponent(row.targetId)}` : target.href,
    },
    changes: row.changes ?? null,
    ipAddress: row.ip,
    userAgent: row.userAgent,
  };
}
