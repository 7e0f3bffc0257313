import type { OwnRestriction } from '@app/shared/api/admin-users';
import { partnerEarns } from '@app/shared/api/casino-accounts';
import type { HistoryItem, Profile } from '@app/shared/api/profile';
import { levelForXp } from '@app/shared/domain/ranks';
import { vipTierForWagerCents } from '@app/shared/domain/vip-tiers';
import { presentCasinoAccount } from '../casino-accounts/index.ts';
import type { AccountWithFigures } from '../casino-accounts/index.ts';
import { presentUser } from '../users/index.ts';
import type { UserRow } from '../users/index.ts';

/** The profile's rows as the contract's Profile (spec 1 §3): the exit of GET and PATCH /api/profile. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'November 21, 2026' (en-US, UTC, so every server formats alike). */
export function formatMemberSince(createdAt: Date): string {
  return createdAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Calendar days (UTC) from sign-up to now, counting both ends: 1 on the day of sign-up. */
export function daysActive(createdAt: Date, now: Date): number {
  const start = Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth(), createdAt.getUTCDate());
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(1, Math.floor((today - start) / DAY_MS) + 1);
}

export type PartnerRow = { partner: string; username: string };

/** The history shows the newest 50 items (the service reads no more). */
export const HISTORY_ITEMS = 50;

type SocialRow = { platform: string; externalId: string; username: string };
type LevelUpRow = { id: string; level: number; levelName: string; createdAt: Date };
type LedgerHistoryRow = { id: string; amount: number; reason: string; note: string; createdAt: Date };

/** Ledger reasons as spec 1 §3 history types (the nine types; referrals have no source yet). */
const HISTORY_OF_REASON: Record<string, { type: HistoryItem['type']; title: string }> = {
  wager_credit: { type: 'points_earned', title: 'Points from wagering' },
  store_redeem: { type: 'reward_redeemed', title: 'Reward redeemed' },
  store_refund: { type: 'points_earned', title: 'Order refunded' },
  raffle_entry: { type: 'raffle_entry', title: 'Raffle entry' },
  raffle_prize: { type: 'raffle_win', title: 'Raffle win' },
  admin_grant: { type: 'bonus_credit', title: 'Points granted' },
  admin_revoke: { type: 'points_spent', title: 'Points revoked' },
  signup_bonus: { type: 'bonus_credit', title: 'Welcome bonus' },
  level_reward: { type: 'bonus_credit', title: 'Level reward' },
  gtb_entry: { type: 'points_spent', title: 'Guess the Balance entry' },
  gtb_prize: { type: 'points_earned', title: 'Guess the Balance win' },
  koth_prize: { type: 'bonus_credit', title: 'King of the Hill prize' },
  giveaway_prize: { type: 'bonus_credit', title: 'Chat giveaway prize' },
  how_to_bonus: { type: 'bonus_credit', title: 'Get started bonus' },
  stream_activity: { type: 'points_earned', title: 'Points from the stream' },
  stream_follow: { type: 'points_earned', title: 'Stream follow bonus' },
  stream_subscription: { type: 'points_earned', title: 'Stream subscription bonus' },
  stream_gift: { type: 'points_earned', title: 'Gifted subscriptions bonus' },
  stream_kicks: { type: 'points_earned', title: 'KICKs bonus' },
  dond_prize: { type: 'points_earned', title: 'Deal or No Deal prize' },
  challenge_prize: { type: 'challenge_completed', title: 'Challenge completed' },
  prediction_stake: { type: 'points_spent', title: 'Prediction stake' },
  prediction_payout: { type: 'points_earned', title: 'Prediction won' },
  prediction_refund: { type: 'points_earned', title: 'Prediction refunded' },
};

/** A ledger row as a history item; a negative wager_credit is a correction, shown as points spent. */
function presentLedgerRow(row: LedgerHistoryRow): HistoryItem {
  const kind = HISTORY_OF_REASON[row.reason] ?? { type: row.amount >= 0 ? 'points_earned' : 'points_spent', title: 'Points' };
  const isCorrection = row.reason === 'wager_credit' && row.amount < 0;
  return {
    id: row.id,
    type: isCorrection ? 'points_spent' : kind.type,
    title: isCorrection ? 'Wager correction' : kind.title,
    details: row.note,
    date: row.createdAt.toISOString(),
    amount: row.amount,
    level: 0,
  };
}

/** A level reached, as a spec 1 §3 history item. */
function presentLevelUp(row: LevelUpRow): HistoryItem {
  return {
    id: row.id,
    type: 'level_up',
    title: `Reached ${row.levelName}`,
    details: `Level ${row.level}`,
    date: row.createdAt.toISOString(),
    amount: 0,
    level: row.level,
  };
}

/**
 * The profile the profile page reads (spec 1 §3). Level, levelName and levelProgress follow the
 * ranks of spec 2 §9 with XP = lifetime verified wager in dollars. Social accounts are
 * not known to the server yet: an empty list, never sample data; history holds the levels reached.
 */
export function presentProfile(
  user: UserRow,
  partners: PartnerRow[],
  now: Date,
  restrictions: OwnRestriction[] = [],
  extra: {
    casinoAccounts?: AccountWithFigures[];
    levelUps?: LevelUpRow[];
    socialAccounts?: SocialRow[];
    ledger?: LedgerHistoryRow[];
    /** Challenges the member won (a verified claim within the winners). */
    challengesCompleted?: number;
  } = {},
): Profile {
  const level = levelForXp(user.xp);
  const verifiedCents = (extra.casinoAccounts ?? []).filter((a) => a.state === 'verified' && partnerEarns(a.partner)).reduce((sum, a) => sum + a.totalCents, 0);
  return {
    ...presentUser(user),
    xp: user.xp,
    vipTier: vipTierForWagerCents(verifiedCents).name,
    totalWagered: verifiedCents / 100,
    ...level,
    membership: { memberSinceFormatted: formatMemberSince(user.createdAt), daysActive: daysActive(user.createdAt, now) },
    profilePartners: partners.map((p) => ({ partner: p.partner, username: p.username })),
    crypto: { btc: user.cryptoBtc, eth: user.cryptoEth, usdt: user.cryptoUsdt, sol: user.cryptoSol },
    casinoAccounts: (extra.casinoAccounts ?? []).map((row) => presentCasinoAccount(row, now)),
    // spec 1 §3 social account; uid is the Kick account's user id.
    socialAccounts: (extra.socialAccounts ?? []).map((s) => ({
      platform: s.platform === 'kick' ? 'Kick' : s.platform,
      connected: true,
      username: s.username,
      uid: s.externalId,
    })),
    // The ledger and the levels reached, newest first (spec 1 §3 history items).
    historyData: [...(extra.levelUps ?? []).map(presentLevelUp), ...(extra.ledger ?? []).map(presentLedgerRow)]
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
      .slice(0, HISTORY_ITEMS),
    stats: {
      totalPointsEarned: user.points,
      totalBonusesRedeemed: 0,
      challengesCompleted: extra.challengesCompleted ?? 0,
      rafflesEntered: 0,
      currentRank: level.levelName,
    },
    restrictions,
  };
}
