import { z } from 'zod';
import { EARNING_PARTNER_IDS } from './casino-accounts';

/** Wager ingestion (issue 11): per partner, casino username, UTC day and category, in USD cents. */

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
