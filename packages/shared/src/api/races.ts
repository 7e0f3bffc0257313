import { z } from 'zod';
import { LeaderboardMetricSchema, LeaderboardPrizeSchema, PartnerIdSchema } from './admin-leaderboards';

/** Race standings from real wagers. Wagers and prizes in USD. */

/** One line of a race's standings (spec 2 §3 Leaderboard entry, plus position and the gap above). */
const StandingSchema = z.object({
  position: z.number().int().positive(),
  /** The user's id on admin views; a stable opaque id on public ones. */
  id: z.string(),
  /** Partly masked on public boards unless the user opted in. */
  username: z.string(),
  wagered: z.number().nonnegative(),
  /** floor(wagered / wagerToTicketRatio) for races in the Global Monthly Raffle, else 0. */
  tickets: z.number().int().nonnegative(),
  prize: z.number().nonnegative(),
  /** USD short of the position above; null for the leader. */
  gapToAbove: z.number().nonnegative().nullable(),
});
export type Standing = z.infer<typeof StandingSchema>;

/** The race as the public board shows it. */
const PublicRaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  partnerId: PartnerIdSchema,
  metric: LeaderboardMetricSchema,
  startDate: z.iso.datetime({ offset: true }),
  endDate: z.iso.datetime({ offset: true }),
  prizePool: z.number().int().nonnegative(),
  prizes: z.array(LeaderboardPrizeSchema),
  isGlobalRaffle: z.boolean(),
  wagerToTicketRatio: z.number().int().positive(),
});

/** GET /api/leaderboard: the featured active monthly race, or none. */
export const PublicLeaderboardSchema = z.object({
  race: PublicRaceSchema.nullable(),
  participants: z.number().int().nonnegative(),
  /** The top 18 (podium and ranks 4 to 18). */
  standings: z.array(StandingSchema),
  /** When these standings were computed (ISO). */
  updatedAt: z.iso.datetime({ offset: true }),
  /** The race's partner casino has not synced for more than two sync periods: the standings are not current. */
  delayed: z.boolean(),
  /** The partner's last successful sync (ISO), null when it has none. */
  dataAsOf: z.iso.datetime({ offset: true }).nullable(),
});
export type PublicLeaderboard = z.infer<typeof PublicLeaderboardSchema>;

/** An admin's standing: a final one also says when its prize was marked paid (null: not yet, or no prize). */
const AdminStandingSchema = StandingSchema.extend({ paidAt: z.iso.datetime({ offset: true }).nullable() });
export type AdminStanding = z.infer<typeof AdminStandingSchema>;

/** GET /api/admin/leaderboards/:id/standings */
export const AdminStandingsSchema = z.object({
  leaderboardId: z.string(),
  /** 'final' once the race completed (kept standings), else 'live'. */
  kind: z.enum(['live', 'final']),
  participants: z.number().int().nonnegative(),
  standings: z.array(AdminStandingSchema),
});
export type AdminStandings = z.infer<typeof AdminStandingsSchema>;

/** POST /api/admin/leaderboards/:id/prizes/:position/paid → 200 (409 when already paid or the race is not completed). */
export const PrizeParamsSchema = z.strictObject({
  id: z.uuid({ error: 'That id is not valid' }),
  position: z.coerce
    .number({ error: 'A position is a whole number from 1' })
    .int('A position is a whole number from 1')
    .min(1, 'A position is a whole number from 1')
    .max(1000, 'A position is a whole number from 1'),
});
export const PrizePaidSchema = z.object({ standing: AdminStandingSchema });

/** GET and PUT /api/leaderboard/visibility: show my username unmasked on public boards. */
export const LeaderboardVisibilitySchema = z.strictObject({ showUsername: z.boolean({ error: 'showUsername is true or false' }) });

/** Public boards show 'ab*****z' for 'abcdefgz': the first two and the last character. */
export function maskUsername(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}${'*'.repeat(Math.max(3, username.length - 3))}${username.slice(-1)}`;
}

/** GET /api/wagers/summary: the signed-in user's wagers, XP and place in the featured race (dashboard). USD. */
export const WagerSummarySchema = z.object({
  xp: z.number().int().nonnegative(),
  hasVerifiedAccount: z.boolean(),
  totalWagered: z.number().nonnegative(),
  /** This UTC week (from Monday) and this UTC month, over verified accounts at earning partners. */
  weeklyWagered: z.number().nonnegative(),
  monthlyWagered: z.number().nonnegative(),
  /** The featured race (GET /api/leaderboard), or null when none runs. */
  race: z
    .object({
      id: z.string(),
      name: z.string(),
      /** null when the user has no wagers in it. */
      position: z.number().int().positive().nullable(),
      wagered: z.number().nonnegative(),
      tickets: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type WagerSummary = z.infer<typeof WagerSummarySchema>;
