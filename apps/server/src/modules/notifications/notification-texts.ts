import type { NotificationType } from '@app/shared/api/notifications';
import { RANKS } from '@app/shared/domain/ranks';

/**
 * The words of each notification (title, body, link), one builder per act, so that the site, the
 * live event and the mail say the same thing. Figures are formatted as the pages show them.
 */

export type NotificationText = { type: NotificationType; title: string; body: string; link: string | null };

const points = (n: number) => `${n.toLocaleString('en-US')} points`;
const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;
const ordersLink = '/points-store?tab=orders';

export function orderApprovedText(rewardName: string): NotificationText {
  return { type: 'order_approved', title: 'Order approved', body: `Your order of ${rewardName} was approved.`, link: ordersLink };
}

export function orderDeclinedText(rewardName: string, reason: string, refunded: number): NotificationText {
  const refund = refunded > 0 ? ` ${points(refunded)} were refunded to your balance.` : '';
  return { type: 'order_declined', title: 'Order declined', body: `Your order of ${rewardName} was declined: ${reason}.${refund}`, link: ordersLink };
}

export function raffleWonText(raffleId: string, title: string, prize: string): NotificationText {
  return { type: 'raffle_won', title: 'You won a raffle!', body: `You are a winner of ${title}. Prize: ${prize}.`, link: `/raffles/${raffleId}` };
}

/** A chat giveaway won by a linked member (a raffle win, as the member's preferences count it). */
export function giveawayWonText(giveawayNumber: number, prize: string, creditedPoints: number | null): NotificationText {
  const paid = creditedPoints ? ` ${points(creditedPoints)} were credited to your balance.` : ' The streamer will be in touch to hand it over.';
  return {
    type: 'raffle_won',
    title: 'You won a chat giveaway!',
    body: `You are a winner of chat giveaway #${giveawayNumber}. Prize: ${prize}.${paid}`,
    link: '/raffles',
  };
}

export function raceFinishedText(name: string, place: number, prizeDollars: number): NotificationText {
  return {
    type: 'race_finished',
    title: 'Race finished',
    body: `${name} finished: you placed #${place} and won ${dollars(prizeDollars)}.`,
    link: '/leaderboard',
  };
}

export function levelReachedText(level: number, hasReward: boolean): NotificationText {
  const reward = hasReward ? ' A level reward is waiting for you to claim.' : '';
  // The level is the rank of that index (packages/shared/src/domain/ranks.ts); the page is /levelup-rewards.
  const rank = RANKS[level - 1]?.name;
  return {
    type: 'level_reached',
    title: `Level ${level} reached`,
    body: `You reached level ${level}${rank ? ` (${rank})` : ''}.${reward}`,
    link: '/levelup-rewards',
  };
}

export function casinoAccountDecidedText(platform: string, username: string, verified: boolean): NotificationText {
  return verified
    ? {
        type: 'casino_account_verified',
        title: 'Casino account verified',
        body: `Your ${platform} account ${username} is verified: its wagers now earn points.`,
        link: '/profile',
      }
    : { type: 'casino_account_rejected', title: 'Casino account rejected', body: `Your ${platform} account ${username} was not verified.`, link: '/profile' };
}

/** The admin's toast words (spec 2, User restrictions): 'Restriction Applied' / 'Applied {restriction} for {n} days to {user}'; the days part blank when permanent. */
export function restrictionAppliedText(label: string, days: number | null): NotificationText {
  const span = days ? ` for ${days} days` : '';
  return { type: 'restriction_applied', title: 'Restriction Applied', body: `Applied ${label}${span} to your account.`, link: '/settings' };
}

export function restrictionRemovedText(label: string): NotificationText {
  return { type: 'restriction_removed', title: 'Restriction Removed', body: `${label} no longer applies to your account.`, link: '/settings' };
}

export function adminOrderPendingText(username: string, rewardName: string): NotificationText {
  return { type: 'admin_order_pending', title: 'New pending order', body: `${username} ordered ${rewardName}.`, link: '/admin/orders' };
}

export function adminCasinoAccountPendingText(username: string, platform: string, casinoUsername: string): NotificationText {
  return {
    type: 'admin_casino_account_pending',
    title: 'Casino account to verify',
    body: `${username} linked the ${platform} account ${casinoUsername}.`,
    link: '/admin/users',
  };
}

export function kingOfTheHillClaimDecidedText(slot: string, multiplier: number, verified: boolean, reason?: string): NotificationText {
  const win = `${multiplier.toFixed(2)}× on ${slot}`;
  return verified
    ? {
        type: 'koth_claim_verified',
        title: 'You are King of the Hill',
        body: `Your claim of ${win} is verified: you hold the hill.`,
        link: '/gadgets/king-of-the-hill',
      }
    : {
        type: 'koth_claim_declined',
        title: 'King of the Hill claim declined',
        body: `Your claim of ${win} was declined: ${reason ?? ''}.`,
        link: '/gadgets/king-of-the-hill',
      };
}

export function kingOfTheHillWonText(slot: string, multiplier: number, prizePoints: number): NotificationText {
  const prize = prizePoints > 0 ? ` ${points(prizePoints)} were credited to your balance.` : '';
  return {
    type: 'koth_won',
    title: 'You won King of the Hill!',
    body: `You ended the period as king with ${multiplier.toFixed(2)}× on ${slot}.${prize}`,
    link: '/gadgets/king-of-the-hill',
  };
}

export function adminClaimPendingText(username: string, slot: string, multiplier: number): NotificationText {
  return {
    type: 'admin_claim_pending',
    title: 'King of the Hill claim to review',
    body: `${username} claims ${multiplier.toFixed(2)}× on ${slot}.`,
    link: '/admin/king-of-the-hill',
  };
}

export function guessTheBalanceWonText(huntId: string, title: string, place: number, prizePoints: number): NotificationText {
  return {
    type: 'gtb_won',
    title: 'You won Guess the Balance!',
    body: `Your guess placed #${place} in ${title}: ${points(prizePoints)} were credited to your balance.`,
    link: `/bonus-hunts/${huntId}`,
  };
}

/** A challenge claim verified: the prize when it won, or why it did not (the winners were full). */
export function challengeClaimVerifiedText(title: string, multiplier: number, prizePoints: number): NotificationText {
  const win = `${multiplier.toFixed(2)}×`;
  return prizePoints > 0
    ? {
        type: 'challenge_won',
        title: 'You completed a challenge!',
        body: `Your claim of ${win} on ${title} is verified: ${points(prizePoints)} were credited to your balance.`,
        link: '/challenges',
      }
    : {
        type: 'challenge_claim_verified',
        title: 'Challenge claim verified',
        body: `Your claim of ${win} on ${title} is valid, but the challenge's winners were already full: no prize this time.`,
        link: '/challenges',
      };
}

export function challengeClaimDeclinedText(title: string, multiplier: number, reason: string): NotificationText {
  return {
    type: 'challenge_claim_declined',
    title: 'Challenge claim declined',
    body: `Your claim of ${multiplier.toFixed(2)}× on ${title} was declined: ${reason}.`,
    link: '/challenges',
  };
}

export function adminChallengeClaimPendingText(username: string, title: string, multiplier: number): NotificationText {
  return {
    type: 'admin_challenge_claim_pending',
    title: 'Challenge claim to review',
    body: `${username} claims ${multiplier.toFixed(2)}× on ${title}.`,
    link: '/admin/challenges',
  };
}

/** A prediction resolved on the member's outcome: what came back for the stake. */
export function predictionWonText(title: string, stake: number, payout: number): NotificationText {
  return {
    type: 'prediction_won',
    title: 'Your prediction won!',
    body: `${title}: your stake of ${points(stake)} paid ${points(payout)}, credited to your balance.`,
    link: '/predictions',
  };
}
