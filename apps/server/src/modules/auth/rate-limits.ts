/**
 * Rate limits of the accounts API. Per IP through the route's `config.rateLimit`
 * (every request counts); per account for login counts only failed attempts, so a person who
 * types the password right is never locked out by someone else's successes, and per (account,
 * address) first, so someone guessing from one place locks themselves out, not the owner
 * (attempt-limits.ts). With REDIS_URL the counters are shared by every server process.
 */
export const RATE_LIMITS = {
  loginPerIp: { max: 30, timeWindow: 60_000 },
  /**
   * Wrong passwords: 10 per (account, address) in 15 minutes, and a ceiling of 100 an hour per
   * account from everywhere together (ASVS 4.0.3 V2.2.1), which only guessing from many addresses reaches.
   */
  loginFailures: {
    perAccountAndAddress: { max: 10, timeWindow: 15 * 60_000 },
    perAccount: { max: 100, timeWindow: 60 * 60_000 },
  },
  registerPerIp: { max: 20, timeWindow: 60 * 60_000 },
  resendPerIp: { max: 10, timeWindow: 15 * 60_000 },
  resendPerAddress: { max: 5, timeWindow: 15 * 60_000 },
  verifyEmailPerIp: { max: 30, timeWindow: 15 * 60_000 },
  // Password reset and the second factor.
  forgotPerIp: { max: 10, timeWindow: 15 * 60_000 },
  forgotPerAddress: { max: 3, timeWindow: 15 * 60_000 },
  resetPerIp: { max: 20, timeWindow: 15 * 60_000 },
  mfaPerIp: { max: 30, timeWindow: 60_000 },
  /** Wrong second-factor codes per account, across mfaTokens (each token also takes only 5). */
  mfaFailures: {
    perAccountAndAddress: { max: 10, timeWindow: 15 * 60_000 },
    // Only someone who knows the password gets here: the account's own budget is the tight one.
    perAccount: { max: 10, timeWindow: 15 * 60_000 },
  },
  /** Enrol, confirm, turn off, step up: per IP. */
  mfaManagePerIp: { max: 30, timeWindow: 15 * 60_000 },
} as const;
