import type { AdminCasinoAccount, AdminUserRow, AdminUserStatus, UserActivity } from '@app/shared/api/admin-users';
import type { AuditEntry } from '@app/shared/api/admin';
import type { ledgerEntries, orders, raffleEntries, signInEvents, users } from '../../db/schema.ts';
import { presentAdminCasinoAccount } from '../casino-accounts/index.ts';
import type { AccountWithFigures } from '../casino-accounts/index.ts';
import { isDemoPlayerEmail } from '../wagers/index.ts';

/** Admin users in the contract shape: the list row, a linked casino account, and each kind of activity. */

export type UserRow = typeof users.$inferSelect;

export const DEMO_PLAYER_FLAG = 'Demo player';

function flagsOf(user: UserRow): string[] {
  const flags: string[] = [];
  if (user.isAdmin) flags.push('Admin');
  flags.push(user.emailVerified ? 'Verified' : 'Unverified');
  // The demo feed's sample players are marked, so an admin never mistakes them for real members.
  if (isDemoPlayerEmail(user.email)) flags.push(DEMO_PLAYER_FLAG);
  return flags;
}

export function presentAdminUser(user: UserRow, status: AdminUserStatus, kickUsername: string | null): AdminUserRow {
  return {
    id: user.id,
    uid: user.uid,
    name: user.username,
    email: user.email,
    // Linked through the Kick webhook.
    kickUsername,
    points: user.points,
    status,
    flags: flagsOf(user),
    isAdmin: user.isAdmin,
    joined: user.createdAt.toISOString(),
    lastLogin: user.lastLoginAt?.toISOString() ?? null,
  };
}

/**
 * A linked casino account with its stored wagers, as the user's detail shows it (the admin's
 * casino-accounts call adds its state and id). spec 2 §3: which partners are affiliates comes from
 * the partner list.
 */
export function presentUserCasino(row: AccountWithFigures): AdminCasinoAccount {
  const account = presentAdminCasinoAccount(row);
  return {
    platform: account.platform,
    username: account.username,
    isAffiliate: account.affiliate,
    totalWagered: account.totalWagered,
    monthlyWager: account.monthlyWager,
    weeklyWager: account.weeklyWager,
    prevWeekWager: account.prevWeekWager,
    prevMonthWager: account.prevMonthWager,
  };
}

export function presentSignInActivity(r: typeof signInEvents.$inferSelect): UserActivity {
  return {
    id: `sign_in:${r.id}`,
    type: 'sign_in',
    action: r.success ? 'Signed in' : 'Failed sign-in (wrong password)',
    details: r.success ? 'Signed in with e-mail or username and password' : 'A sign-in with a wrong password',
    timestamp: r.createdAt.toISOString(),
    ipAddress: r.ip,
    userAgent: r.userAgent,
    location: null,
    metadata: { success: r.success },
  };
}

export function presentOrderActivity(r: typeof orders.$inferSelect): UserActivity {
  return {
    id: `order:${r.id}`,
    type: 'redemption',
    action: `Redeemed ${r.rewardName}`,
    details: `${r.pointsSpent} points; order ${r.status}${r.declineReason ? ` (${r.declineReason})` : ''}`,
    timestamp: r.createdAt.toISOString(),
    ipAddress: null,
    userAgent: null,
    location: null,
    metadata: { orderId: r.id, status: r.status, pointsSpent: r.pointsSpent, refunded: r.refunded },
  };
}

export function presentEntryActivity(entry: typeof raffleEntries.$inferSelect, title: string): UserActivity {
  return {
    id: `raffle_entry:${entry.id}`,
    type: 'raffle_entry',
    action: `Entered ${title}`,
    details: entry.pointsSpent > 0 ? `${entry.pointsSpent} points` : 'Free entry',
    timestamp: entry.createdAt.toISOString(),
    ipAddress: null,
    userAgent: null,
    location: null,
    metadata: { raffleId: entry.raffleId, pointsSpent: entry.pointsSpent },
  };
}

export function presentLedgerActivity(r: typeof ledgerEntries.$inferSelect): UserActivity {
  return {
    id: `ledger:${r.id}`,
    type: 'points',
    action: `${r.amount > 0 ? '+' : ''}${r.amount} points (${r.reason.replace(/_/g, ' ')})`,
    details: r.note ? `${r.note}; balance ${r.balanceAfter}` : `Balance ${r.balanceAfter}`,
    timestamp: r.createdAt.toISOString(),
    ipAddress: null,
    userAgent: null,
    location: null,
    metadata: { amount: r.amount, balanceAfter: r.balanceAfter, reason: r.reason, refType: r.refType, refId: r.refId },
  };
}

/** An admin act on the user (a restriction, a grant): its audit entry, which carries IP and user agent. */
export function presentAuditActivity(r: AuditEntry): UserActivity {
  return {
    id: `audit:${r.id}`,
    type: r.action.startsWith('restriction.') ? 'restriction' : 'admin',
    action: r.title,
    details: r.details,
    timestamp: r.time,
    ipAddress: r.ipAddress,
    userAgent: r.userAgent,
    location: null,
    metadata: { by: r.actor?.username ?? null, action: r.action, ...(r.changes ?? {}) },
  };
}
