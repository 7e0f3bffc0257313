import { z } from 'zod';

/**
 * Chat giveaways (the 'giveaway' bot switch): the admin starts one on the Stream screen, viewers
 * enter with the keyword in Kick chat, closing fixes the entrant list and the draw is the raffle
 * draw over tickets (packages/shared/src/domain/giveaway-draw.ts), verifiable from the published data.
 */

const GIVEAWAY_ENTRY_MODES = ['linked', 'anyone'] as const;
const GiveawayEntryModeSchema = z.enum(GIVEAWAY_ENTRY_MODES, { error: 'Choose who may enter' });

/** Hours an unlinked winner has to link their Kick account (then the prize is claimed automatically); after it the admin may redraw. */
export const GIVEAWAY_CLAIM_HOURS = 48;

/** POST /api/admin/giveaways: start a giveaway (its seed commitment is published now). */
export const GiveawayInputSchema = z.strictObject({
  /** The prize as shown ('500 points', 'A signed shirt'). */
  prize: z.string({ error: 'Enter the prize' }).trim().min(1, 'Enter the prize').max(120, 'At most 120 characters'),
  /** Points credited to each winner through the ledger; null: a text prize fulfilled by hand. */
  prizePoints: z
    .number({ error: 'Enter whole points' })
    .int('Enter whole points')
    .min(1, 'At least 1 point')
    .max(10_000_000, 'At most 10,000,000 points')
    .nullable(),
  keyword: z
    .string({ error: 'Enter a keyword' })
    .trim()
    .regex(/^!?[A-Za-z0-9_]{1,30}$/, 'A keyword is one word (letters, digits, _), optionally starting with !')
    .default('!join'),
  /** How long entries stay open, in seconds (30 s to 1 h). */
  durationSeconds: z.number({ error: 'Enter the duration' }).int().min(30, 'At least 30 seconds').max(3600, 'At most 60 minutes'),
  winners: z.number({ error: 'Enter the number of winners' }).int().min(1, 'At least 1 winner').max(20, 'At most 20 winners'),
  entryMode: GiveawayEntryModeSchema,
  /** Subscribers' entries count this many times (1: no luck). */
  subscriberLuck: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Subscriber luck is 1, 2 or 3' }).default(1),
  /** A test giveaway (from the Test chat): only test viewers enter, it may start with no chat connected and is never published. */
  test: z.boolean().default(false),
});
export type GiveawayInput = z.input<typeof GiveawayInputSchema>;

const GIVEAWAY_STATUSES = ['Open', 'Closed', 'Completed'] as const;
export type GiveawayStatus = (typeof GIVEAWAY_STATUSES)[number];

/** 'held': a linked winner whose e-mail is not verified; the prize is paid (or goes to be handed over) once it is. */
const GIVEAWAY_WINNER_STATUSES = ['credited', 'awaiting_fulfilment', 'fulfilled', 'unclaimed', 'replaced', 'held'] as const;
export type GiveawayWinnerStatus = (typeof GIVEAWAY_WINNER_STATUSES)[number];

const GiveawayEntrantSchema = z.object({ id: z.string(), weight: z.number().int().min(1) });

/** One published draw (round 0 the first, then each redraw) with the ids it excluded. */
const GiveawayRoundSchema = z.object({
  round: z.number().int().min(0),
  excluded: z.array(z.string()),
  winners: z.number().int().min(1),
  entriesDigest: z.string(),
  winnerIds: z.array(z.string()),
});

const GiveawayWinnerSchema = z.object({
  id: z.string(),
  /** The entrant id in the published list: a member's UID, or 'KICK-<Kick user id>' for an unlinked viewer. */
  entrantId: z.string(),
  /** Masked like public boards (unless the member shows their name); the admin sees it plain. */
  username: z.string(),
  position: z.number().int().min(1),
  round: z.number().int().min(0),
  status: z.enum(GIVEAWAY_WINNER_STATUSES),
  /** An unclaimed winner's deadline to link and claim. */
  claimBy: z.iso.datetime({ offset: true }).nullable(),
});
export type GiveawayWinner = z.infer<typeof GiveawayWinnerSchema>;

const GiveawaySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  prize: z.string(),
  prizePoints: z.number().int().nullable(),
  keyword: z.string(),
  winners: z.number().int(),
  entryMode: GiveawayEntryModeSchema,
  subscriberLuck: z.number().int().min(1).max(3),
  status: z.enum(GIVEAWAY_STATUSES),
  opensAt: z.iso.datetime({ offset: true }),
  closesAt: z.iso.datetime({ offset: true }),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
  drawnAt: z.iso.datetime({ offset: true }).nullable(),
  entries: z.number().int().nonnegative(),
  /** A test giveaway (admin lists only). */
  isTest: z.boolean(),
  /**
   * The commitment at the start (seedHash); at close the entrant list with weights, its tickets'
   * digest and how many entrants were left out for a site ban; at the draw the seed and each round.
   */
  draw: z.object({
    seedHash: z.string(),
    seed: z.string().nullable(),
    entrants: z.array(GiveawayEntrantSchema).nullable(),
    entriesDigest: z.string().nullable(),
    /** Entrants left out at close because a Chat, Raffle or permanent ban held on their linked account. */
    bannedExcluded: z.number().int().nonnegative().nullable(),
    rounds: z.array(GiveawayRoundSchema),
  }),
  winnerList: z.array(GiveawayWinnerSchema),
});
export type Giveaway = z.infer<typeof GiveawaySchema>;

/** GET /api/giveaways (public, newest first), GET /api/admin/giveaways. */
export const GiveawayListSchema = z.object({ giveaways: z.array(GiveawaySchema) });
/** The admin's acts: {giveaway}. */
export const GiveawayResultSchema = z.object({ giveaway: GiveawaySchema });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const GiveawayWinnerParamsSchema = z.strictObject({
  id: z.string().regex(UUID, 'Must be an id (a UUID)'),
  winnerId: z.string().regex(UUID, 'Must be an id (a UUID)'),
});
