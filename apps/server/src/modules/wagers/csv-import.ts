import { once } from 'node:events';
import {
  WAGER_CATEGORIES,
  WAGER_CSV_COLUMNS,
  WAGER_IMPORT_MAX_BYTES,
  WAGER_IMPORT_REJECTED_LISTED_MAX,
  type WagerCategory,
  type WagerImportResult,
} from '@app/shared/api/wagers';
import { CASINO_USERNAME_MAX, partnerName } from '@app/shared/api/casino-accounts';
import { CsvError, parse } from 'csv-parse';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { storeWagers, type WagerInput } from './wagers-service.ts';

/**
 * CSV wager import: `username,date,category,wagered` (dollars, up to 2 decimals), read
 * by csv-parse as the body streams in. Bad lines are listed and skipped; a file that is not CSV,
 * lacks the header or is too large is refused whole (400/413) before anything is written. The good
 * lines are then stored and credited in one transaction.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const AMOUNT_PATTERN = /^(\d{1,12})(?:\.(\d{1,2}))?$/;
const EARLIEST_DAY = '2000-01-01';

function malformed(message: string): AppError {
  return new AppError('MALFORMED_CSV', message);
}

function tooLarge(): AppError {
  return new AppError('BODY_TOO_LARGE', `A wager file is at most ${WAGER_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
}

async function* limited(source: AsyncIterable<Buffer | string>, max: number): AsyncGenerator<Buffer | string> {
  let bytes = 0;
  for await (const chunk of source) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (bytes > max) throw tooLarge();
    yield chunk;
  }
}

type Parsed = { rows: WagerInput[]; rejected: { line: number; error: string }[]; lines: number };

/** Calendar dates already checked (a file repeats a few dozen days over 100,000 lines: one Date each, not one a line). */
const checkedDates = new Map<string, boolean>();

function isCalendarDate(text: string): boolean {
  const known = checkedDates.get(text);
  if (known !== undefined) return known;
  const asDate = DATE_PATTERN.test(text) ? new Date(`${text}T00:00:00Z`) : null;
  const valid = !!asDate && !Number.isNaN(asDate.getTime()) && asDate.toISOString().slice(0, 10) === text;
  if (checkedDates.size >= 20_000) checkedDates.clear();
  checkedDates.set(text, valid);
  return valid;
}

/** Validates one data record; returns the row or the reason it is refused. */
function readRecord(record: string[], partner: string, today: string): WagerInput | string {
  if (record.length !== WAGER_CSV_COLUMNS.length) {
    return `Expected ${WAGER_CSV_COLUMNS.length} fields (${WAGER_CSV_COLUMNS.join(',')}), found ${record.length}`;
  }
  const [username, date, categoryText, wagered] = record as [string, string, string, string];
  if (username === '') return 'The username is empty';
  if (username.length > CASINO_USERNAME_MAX) return `The username is longer than ${CASINO_USERNAME_MAX} characters`;
  if (!isCalendarDate(date)) return `"${date}" is not a date (YYYY-MM-DD)`;
  if (date > today) return `${date} is in the future`;
  if (date < EARLIEST_DAY) return `${date} is before ${EARLIEST_DAY}`;
  const category = categoryText.toLowerCase();
  if (!(WAGER_CATEGORIES as readonly string[]).includes(category)) {
    return `"${categoryText}" is not a category (${WAGER_CATEGORIES.join(', ')})`;
  }
  const amount = AMOUNT_PATTERN.exec(wagered);
  if (!amount) return `"${wagered}" is not an amount in dollars (e.g. 1234.56)`;
  const cents = Number(amount[1]) * 100 + Number((amount[2] ?? '').padEnd(2, '0'));
  return { partner, username, day: date, category: category as WagerCategory, cents };
}

/** Reads the whole stream; throws MALFORMED_CSV or BODY_TOO_LARGE, else returns the good rows and the rejected lines. */
async function parseWagerCsv(body: AsyncIterable<Buffer | string>, partner: string, now: Date): Promise<Parsed> {
  const today = now.toISOString().slice(0, 10);
  const parser = parse({ bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true });
  let feedError: unknown = null;
  const feeding = (async () => {
    try {
      for await (const chunk of limited(body, WAGER_IMPORT_MAX_BYTES)) {
        if (!parser.write(chunk)) await once(parser, 'drain');
      }
      parser.end();
    } catch (error) {
      feedError = error;
      parser.destroy(error as Error);
    }
  })();

  const rows: WagerInput[] = [];
  const rejected: { line: number; error: string }[] = [];
  const seen = new Map<string, number>();
  let sawHeader = false;
  let lines = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!sawHeader) {
        const header = record.map((h) => h.toLowerCase());
        if (header.join(',') !== WAGER_CSV_COLUMNS.join(',')) {
          throw malformed(`The first line must be the header ${WAGER_CSV_COLUMNS.join(',')}.`);
        }
        sawHeader = true;
        continue;
      }
      lines += 1;
      const read = readRecord(record, partner, today);
      if (typeof read === 'string') {
        rejected.push({ line: info.lines, error: read });
        continue;
      }
      const key = `${read.username.toLowerCase()}\u0000${read.day}\u0000${read.category}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        rejected.push({ line: info.lines, error: `Repeats line ${earlier} (same username, date and category)` });
        continue;
      }
      seen.set(key, info.lines);
      rows.push(read);
    }
  } catch (error) {
    parser.destroy();
    await feeding;
    if (feedError instanceof AppError) throw feedError;
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) throw malformed(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  await feeding;
  if (feedError) throw feedError instanceof AppError ? feedError : malformed('The file could not be read.');
  if (!sawHeader) throw malformed(`The file is empty: the first line must be the header ${WAGER_CSV_COLUMNS.join(',')}.`);
  return { rows, rejected, lines };
}

/** POST /api/admin/wagers/import?partner= */
export async function importWagerCsv(
  db: Database,
  body: AsyncIterable<Buffer | string>,
  partner: string,
  actor: AuditActor,
  now: Date,
): Promise<WagerImportResult> {
  const parsed = await parseWagerCsv(body, partner, now);
  const stored = await db.transaction(async (tx) => {
    const outcome = await storeWagers(tx, parsed.rows, 'csv', now);
    await recordAudit(tx, {
      ...actor,
      action: 'wagers.import',
      targetType: 'partner',
      targetId: partner,
      changes: {
        summary: `${partnerName(partner)} CSV: ${parsed.lines} rows, ${outcome.inserted} new, ${outcome.updated} changed, ${parsed.rejected.length} rejected, ${outcome.pointsCredited} points credited`,
        rows: parsed.lines,
        inserted: outcome.inserted,
        updated: outcome.updated,
        unchanged: outcome.unchanged,
        rejected: parsed.rejected.length,
        pointsCredited: outcome.pointsCredited,
      },
      at: now,
    });
    return outcome;
  });
  return {
    rows: parsed.lines,
    inserted: stored.inserted,
    updated: stored.updated,
    unchanged: stored.unchanged,
    rejected: parsed.rejected.slice(0, WAGER_IMPORT_REJECTED_LISTED_MAX),
    rejectedTotal: parsed.rejected.length,
    pointsCredited: stored.pointsCredited,
  };
}
