import { z } from 'zod';

/** The raffles API (spec 2 §2, §3, §4, §5). */

const RAFFLE_STATUSES = ['Upcoming', 'Active', 'Pending', 'Completed'] as const;
const RaffleStatusSchema = z.enum(RAFFLE_STATUSES);
export type RaffleStatus = z.infer<typeof RaffleStatusSchema>;

export const RAFFLE_TYPES = ['cash', 'crypto'] as const;

/** A winner as published: the public User UID and username, in draw order. */
const RaffleWinnerSchema = z.object({ uid: z.string(), username: z.string(), position: z.number().int().min(1) });

/**
 * The draw's published data. Before the draw only seedHash is known; after it, the seed, the
 * entrants' UIDs in entry order, their digest and the winners' UIDs (drawRaffleWinners reproduces them).
 */
const RaffleDrawSchema = z.object({
  seedHash: z.string(),
  seed: z.string().nullable(),
  entrantUids: z.array(z.string()).nullable(),
  entriesDigest: z.string().nullable(),
  winnerUids: z.array(z.string()).nullable(),
  drawnAt: z.iso.datetime({ offset: true }).nullable(),
});

/** spec 2 §3 Raffle, plus the number of winners, the minimum level and the draw. */
const RaffleSchema = z.object({
  id: z.string(),
  raffleId: z.string(),
  raffleNumber: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  prize: z.string(),
  /** Number of winners (spec 2 §3 `winners (count)`). */
  winners: z.number().int().positive(),
  entryCost: z.string(),
  pointsCost: z.number().int().nonnegative(),
  requirements: z.string(),
  type: z.enum(RAFFLE_TYPES),
  featured: z.boolean(),
  restricted: z.boolean(),
  /** Minimum level (levelForXp) on a restricted raffle; null for none. */
  minLevel: z.number().int().min(1).nullable(),
  /** Points credited to each winner through the ledger; null when the prize is not points. */
  prizePoints: z.number().int().positive().nullable(),
  startDate: z.iso.datetime({ offset: true }),
  endDate: z.iso.datetime({ offset: true }),
  status: RaffleStatusSchema,
  image: z.string(),
  entries: z.number().int().nonnegative(),
  /** Only for a signed-in caller: has this caller entered. Absent for visitors. */
  entered: z.boolean().optional(),
  draw: RaffleDrawSchema,
  /** Published winners once Completed, else []. */
  winnerList: z.array(RaffleWinnerSchema),
});
export type Raffle = z.infer<typeof RaffleSchema>;

export const RaffleListSchema = z.object({ raffles: z.array(RaffleSchema) });

export const RaffleEntrySchema = z.object({
  id: z.string(),
  raffleId: z.string(),
  userId: z.string(),
  pointsSpent: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type RaffleEntry = z.infer<typeof RaffleEntrySchema>;

/** POST /api/raffles/:id/enter → 201 (no body; send an Idempotency-Key header). */
export const EnterRaffleResultSchema = z.object({ entry: RaffleEntrySchema, points: z.number().int().nonnegative() });
export type EnterRaffleResult = z.infer<typeof EnterRaffleResultSchema>;

/** GET /api/admin/raffles/:id/entries */
export const AdminRaffleEntriesSchema = z.object({
  entries: z.array(RaffleEntrySchema.extend({ username: z.string(), uid: z.string() })),
});

/** POST /api/admin/raffles and PUT /api/admin/raffles/:id. entryCost text is derived from pointsCost ('Free' or 'n Points'). */
export const RaffleInputSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Enter a title').max(120),
    description: z.string().trim().max(2000).default(''),
    prize: z.string().trim().min(1, 'Enter a prize').max(120),
    prizePoints: z.number().int().positive().max(1_000_000_000).nullable().default(null),
    winners: z.number().int().min(1).max(1000).default(1),
    pointsCost: z.number().int().nonnegative().max(100_000_000).default(0),
    requirements: z.string().trim().max(500).default(''),
    type: z.enum(RAFFLE_TYPES).default('cash'),
    featured: z.boolean().default(false),
    restricted: z.boolean().default(false),
    minLevel: z.number().int().min(1).max(24).nullable().default(null),
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
    image: z.string().trim().max(500).default(''),
  })
  .refine((r) => Date.parse(r.endDate) > Date.parse(r.startDate), {
    message: 'The end must be after the start',
    path: ['endDate'],
  });
export type RaffleInput = z.input<typeof RaffleInputSchema>;

/** spec 2 §5: the entry cost is the first integer found in the entryCost text, or 0 when there is none. */
export function parseEntryCost(entryCost: string): number {
  const match = /\d+/.exec(entryCost.replace(/,/g, ''));
  return match ? Number(match[0]) : 0;
}

/** The entryCost text for a points cost: 'Free' for 0, else 'n Points'. */
export function entryCostText(pointsCost: number): string {
  return pointsCost === 0 ? 'Free' : `${pointsCost.toLocaleString('en-US')} Points`;
}

/** GET /api/raffles/:id, POST /api/admin/raffles (201), PUT /api/admin/raffles/:id, POST /api/admin/raffles/:id/draw → {raffle}. */
export const RaffleResultSchema = z.object({ raffle: RaffleSchema });
