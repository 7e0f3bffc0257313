import { z } from 'zod';

/**
 * Slot Hub and the Random Slot Picker. RTP is a percent with two decimals (96.5 = 96.50 %); max win
 * is a multiple of the bet. A figure nobody published with confidence is null, never a guess.
 */

export const SLOT_VOLATILITIES = ['low', 'medium', 'high', 'very_high'] as const;
const SlotVolatilitySchema = z.enum(SLOT_VOLATILITIES, { error: 'Choose low, medium, high or very_high' });
export type SlotVolatility = z.infer<typeof SlotVolatilitySchema>;
export const VOLATILITY_LABELS: Record<SlotVolatility, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  very_high: 'Very high',
};

/**
 * How a figure reads on every page (Slot Hub, the picker, the admin's catalogue): RTP always with two
 * decimals ("96.50%"), volatility as words ("Very high"), max win as a multiple ("5,000×"), and a
 * figure the provider has not published (null) as "Unknown".
 */
export const SLOT_UNKNOWN = 'Unknown';
export function formatRtp(rtp: number | null): string {
  return rtp === null ? SLOT_UNKNOWN : `${rtp.toFixed(2)}%`;
}
export function formatMaxWin(maxWin: number | null): string {
  return maxWin === null ? SLOT_UNKNOWN : `${maxWin.toLocaleString('en-US')}×`;
}
export function formatVolatility(volatility: SlotVolatility | null): string {
  return volatility === null ? SLOT_UNKNOWN : VOLATILITY_LABELS[volatility];
}

export const SLOTS_PAGE_SIZE = 24;
export const SLOT_SORTS = ['name', 'rtp', 'maxWin'] as const;

const Rtp = z
  .number({ error: 'RTP is a percent' })
  .min(1, 'RTP is at least 1 %')
  .max(100, 'RTP is at most 100 %')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'RTP has at most two decimals');

const SlotSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  rtp: z.number().nullable(),
  volatility: SlotVolatilitySchema.nullable(),
  /** × bet. */
  maxWin: z.number().int().nullable(),
  year: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  /** Where the figures come from (e.g. the provider's game sheet). */
  source: z.string().nullable(),
});
export type Slot = z.infer<typeof SlotSchema>;

/** Admin create and replace. */
export const SlotInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the name').max(100, 'At most 100 characters'),
  provider: z.string().trim().min(1, 'Enter the provider').max(60, 'At most 60 characters'),
  rtp: Rtp.nullable().default(null),
  volatility: SlotVolatilitySchema.nullable().default(null),
  maxWin: z.number().int('Max win is a whole multiple').positive('Max win is positive').max(10_000_000).nullable().default(null),
  year: z.number().int().min(1990, 'A year from 1990').max(2100).nullable().default(null),
  imageUrl: z
    .url({ protocol: /^https$/, error: 'An https URL' })
    .max(500)
    .nullable()
    .default(null),
  source: z.string().trim().max(200).nullable().default(null),
});
export type SlotInput = z.input<typeof SlotInputSchema>;

/** GET /api/slots */
export const SlotListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  provider: z.string().trim().max(60).optional(),
  volatility: SlotVolatilitySchema.optional(),
  rtpMin: z.coerce.number().min(0).max(100).optional(),
  rtpMax: z.coerce.number().min(0).max(100).optional(),
  sort: z.enum(SLOT_SORTS).default('name'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SlotListQuery = z.input<typeof SlotListQuerySchema>;

export const SlotListSchema = z.object({
  slots: z.array(SlotSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Every provider in the catalogue, for the filter. */
  providers: z.array(z.string()),
});
export type SlotList = z.infer<typeof SlotListSchema>;

/** A slot's bonus-hunt history here: opened bonuses of this slot in any hunt. */
const SlotHuntHistorySchema = z.object({
  timesPlayed: z.number().int().nonnegative(),
  averageX: z.number().nullable(),
  bestX: z.number().nullable(),
});
export const SlotDetailSchema = z.object({ slot: SlotSchema, history: SlotHuntHistorySchema });
export type SlotDetail = z.infer<typeof SlotDetailSchema>;
export const SlotResultSchema = z.object({ slot: SlotSchema });

export const SLOT_CSV_COLUMNS = ['name', 'provider', 'rtp', 'volatility', 'maxwin', 'year', 'imageurl'] as const;
export const SLOT_IMPORT_MAX_BYTES = 1024 * 1024;
export const SlotImportResultSchema = z.object({
  /** Data lines read = inserted + updated + unchanged + rejectedTotal. */
  rows: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** Line numbers count the header as line 1. */
  rejected: z.array(z.object({ line: z.number().int().positive(), error: z.string() })),
  rejectedTotal: z.number().int().nonnegative(),
});
export type SlotImportResult = z.infer<typeof SlotImportResultSchema>;

// --- Random Slot Picker ---

const PickFiltersSchema = z.strictObject({
  provider: z.string().trim().max(60).optional(),
  volatility: SlotVolatilitySchema.optional(),
  rtpMin: z.number().min(0).max(100).optional(),
  rtpMax: z.number().min(0).max(100).optional(),
  /** Leave out the slots already in the live hunt. */
  excludeLiveHunt: z.boolean().optional(),
});
export type PickFilters = z.infer<typeof PickFiltersSchema>;

const CLIENT_SEED_MAX = 64;
export const PickInputSchema = z.strictObject({
  filters: PickFiltersSchema.default({}),
  clientSeed: z.string().trim().min(1, 'Enter a client seed').max(CLIENT_SEED_MAX, `At most ${CLIENT_SEED_MAX} characters`),
});
export type PickInput = z.input<typeof PickInputSchema>;

/** The committed seed of the caller's next pick: only its hash, and the nonce it will use. */
const PickSeedSchema = z.object({ serverSeedHash: z.string(), nonce: z.number().int().nonnegative() });
export type PickSeed = z.infer<typeof PickSeedSchema>;

/**
 * One pick, everything needed to reproduce it: the server seed is revealed at once (each pick
 * consumes its committed seed), `slotIds` is the exact list in order and `listDigest` its SHA-256.
 */
const SlotPickSchema = z.object({
  id: z.string(),
  slot: SlotSchema,
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int().nonnegative(),
  listDigest: z.string(),
  slotIds: z.array(z.string()),
  index: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SlotPick = z.infer<typeof SlotPickSchema>;
export const PickResultSchema = z.object({ pick: SlotPickSchema, next: PickSeedSchema });
export type PickResult = z.infer<typeof PickResultSchema>;
export const RecentPicksSchema = z.object({ picks: z.array(SlotPickSchema), next: PickSeedSchema });
export type RecentPicks = z.infer<typeof RecentPicksSchema>;
