import {
  NOT_EARNING_WARNING,
  partnerEarns,
  partnerName,
  type AdminCasinoAccount,
  type CasinoAccountLink,
  type CasinoAccountState,
  type PartnerId,
} from '@app/shared/api/casino-accounts';
import { averages, dollars, type AccountWithFigures } from './wager-figures.ts';

const ZERO = { totalCents: 0, monthCents: 0, prevMonthCents: 0, weekCents: 0, prevWeekCents: 0, firstDay: null };

/**
 * The owner's view. Wagers show only once the account is verified: before that the username may
 * be someone else's, and its play is not the claimant's to see.
 */
export function presentCasinoAccount(row: AccountWithFigures, now: Date): CasinoAccountLink {
  const isVerified = row.state === 'verified';
  const figures = isVerified ? row : { ...row, ...ZERO };
  const avg = averages(figures, now);
  const earns = partnerEarns(row.partner);
  return {
    id: row.id,
    partnerId: row.partner as PartnerId,
    platform: partnerName(row.partner),
    username: row.username,
    state: row.state as CasinoAccountState,
    connected: isVerified,
    earns,
    warning: earns ? null : NOT_EARNING_WARNING,
    totalWager: dollars(figures.totalCents),
    monthlyWager: dollars(figures.monthCents),
    prevMonthlyWager: dollars(figures.prevMonthCents),
    avgMonthlyWager: avg.monthly,
    avgWeeklyWager: avg.weekly,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin's view (spec 2 §3): the username's wagers whatever the state, to judge a claim. */
export function presentAdminCasinoAccount(row: AccountWithFigures): AdminCasinoAccount {
  return {
    id: row.id,
    partnerId: row.partner as PartnerId,
    platform: partnerName(row.partner),
    username: row.username,
    state: row.state as CasinoAccountState,
    // spec 2 §3: a partner is an affiliate when its accounts earn.
    affiliate: partnerEarns(row.partner),
    totalWagered: dollars(row.totalCents),
    monthlyWager: dollars(row.monthCents),
    weeklyWager: dollars(row.weekCents),
    prevWeekWager: dollars(row.prevWeekCents),
    prevMonthWager: dollars(row.prevMonthCents),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
