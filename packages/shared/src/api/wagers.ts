import { z } from 'zod';
import { EARNING_PARTNER_IDS } from './casino-accounts';

/** Wager ingestion: per partner, casino username, UTC day and category, in USD cents. */

export const WAGER_CATEGORIES = ['slots', 'table', 'blackjack', 'roulette', 'other'] as const;
export const WagerCategorySchema = z.enum(WAGER_CATEGORIES);
export type WagerCategory = z.infer<typeof WagerCategorySchema>;

/** The CSV header of an import, in this order. */
export const WAGER_CSV_COLUMNS = ['username', 'date', 'category', 'wagered'] as const;

/** Largest CSV import body: 20 MB. */
export const WAGER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many rejected lines are listed (rejectedTotal counts them all). */
export const WAGER_IMPORT_REJECTED_LISTED_MAX = 1000;

/** POST /api/admin/wagers/import?partner=p1 */
export const WagerImportQuerySchema = z.strictObject({
  partner: z.enum(EARNING_PARTNER_IDS, { error: 'partner must be one of p1, p2, p3, p4, p5' }),
});

export const WagerImportResultSchema = z.object({
  /** Data lines read (the header excluded) = inserted + updated + unchanged + rejectedTotal. */
  rows: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** Line numbers count the header as line 1. */
  rejected: z.array(z.object({ line: z.number().int().positive(), error: z.string() })),
  rejectedTotal: z.number().int().nonnegative(),
  /** Points credited to verified accounts by this import. */
  pointsCredited: z.number().int().nonnegative(),
});
export type WagerImportResult = z.infer<typeof WagerImportResultSchema>;

// --- Scheduled sync: a partner casino's wagers fetched by the server on a schedule ---

/** A JSON field path: names separated by dots ('data.rows'); empty for the document itself. */
const FieldPath = z
  .string()
  .trim()
  .max(200, 'A field path is at most 200 characters')
  .regex(/^([A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*)?$/, 'A field path is names separated by dots, e.g. data.rows');
const RequiredFieldPath = FieldPath.refine((v) => v.length > 0, 'Name the field');

/** Which JSON fields of the casino's answer hold the rows and their values. */
export const WagerSyncMappingSchema = z.strictObject({
  /** Where the array of rows is ('' when the answer is the array). */
  items: FieldPath,
  username: RequiredFieldPath,
  /** A 'YYYY-MM-DD' day or an ISO date-time (its UTC day is used). */
  date: RequiredFieldPath,
  /** slots, table, blackjack, roulette or other (any other value counts as other). */
  category: RequiredFieldPath,
  amount: RequiredFieldPath,
  /** Whether the amount is in dollars (e.g. 12.5) or in cents (1250). */
  amountUnit: z.enum(['dollars', 'cents'], { error: 'amountUnit is dollars or cents' }),
});
export type WagerSyncMapping = z.infer<typeof WagerSyncMappingSchema>;

const WAGER_SYNC_PERIOD_MIN = 1;
const WAGER_SYNC_PERIOD_MAX = 1440;

/** PUT /api/admin/wager-sync/:partner. Without `key` the saved key is kept; `key: null` removes it. */
export const WagerSyncInputSchema = z.strictObject({
  endpointUrl: z.url({ protocol: /^https?$/, error: 'The endpoint is an http or https URL' }).max(2000, 'The endpoint URL is at most 2000 characters'),
  key: z.string().min(1, 'The key is empty').max(1000, 'The key is at most 1000 characters').nullable().optional(),
  keyHeader: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,100}$/, 'The key header is a header name, e.g. x-api-key'),
  mapping: WagerSyncMappingSchema,
  enabled: z.boolean({ error: 'enabled is true or false' }),
  periodMinutes: z
    .number({ error: 'The period is a number of minutes' })
    .int('The period is a whole number of minutes')
    .min(WAGER_SYNC_PERIOD_MIN, 'The period is at least 1 minute')
    .max(WAGER_SYNC_PERIOD_MAX, 'The period is at most 1440 minutes (a day)'),
});
export type WagerSyncInput = z.infer<typeof WagerSyncInputSchema>;

export const WagerSyncParamsSchema = z.strictObject({
  partner: z.enum(EARNING_PARTNER_IDS, { error: 'partner must be one of p1, p2, p3, p4, p5' }),
});

/** The outcome of one sync run. */
const WagerSyncResultSchema = z.object({
  rows: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  pointsCredited: z.number().int().nonnegative(),
  /** The UTC days asked for. */
  from: z.string(),
  to: z.string(),
});
export type WagerSyncResult = z.infer<typeof WagerSyncResultSchema>;

/** One partner's sync as the admin sees it: never the key, only whether one is saved. */
export const WagerSyncPartnerSchema = z.object({
  partner: z.enum(EARNING_PARTNER_IDS),
  name: z.string(),
  configured: z.boolean(),
  endpointUrl: z.string(),
  hasKey: z.boolean(),
  keyHeader: z.string(),
  mapping: WagerSyncMappingSchema,
  enabled: z.boolean(),
  periodMinutes: z.number().int(),
  lastRunAt: z.iso.datetime({ offset: true }).nullable(),
  lastSuccessAt: z.iso.datetime({ offset: true }).nullable(),
  lastResult: WagerSyncResultSchema.nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime({ offset: true }).nullable(),
  nextRunAt: z.iso.datetime({ offset: true }).nullable(),
  /** Enabled and no successful sync for more than two periods. */
  delayed: z.boolean(),
});
export type WagerSyncPartner = z.infer<typeof WagerSyncPartnerSchema>;

export const WagerSyncListSchema = z.object({ partners: z.array(WagerSyncPartnerSchema) });
export type WagerSyncList = z.infer<typeof WagerSyncListSchema>;

/** POST /api/admin/wager-sync/:partner/run: ok false when the casino failed (the error is recorded). */
export const WagerSyncRunSchema = z.object({
  ok: z.boolean(),
  result: WagerSyncResultSchema.nullable(),
  error: z.string().nullable(),
  partner: WagerSyncPartnerSchema,
});
export type WagerSyncRun = z.infer<typeof WagerSyncRunSchema>;

export const DEFAULT_WAGER_SYNC_MAPPING: WagerSyncMapping = {
  items: 'data',
  username: 'username',
  date: 'date',
  category: 'category',
  amount: 'wagered',
  amountUnit: 'dollars',
};
