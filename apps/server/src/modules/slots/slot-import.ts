import { SLOT_CSV_COLUMNS, SlotInputSchema, type SlotImportResult } from '@app/shared/api/slots';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { slots } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { rtpBpOf } from './slot-presenter.ts';
import type { SlotValues } from './slots-service.ts';

/**
 * Slot Hub's CSV import: `name,provider,rtp,volatility,maxWin,year,imageUrl` (an empty field is an
 * unknown figure). A line names its slot by name and provider: a new slot is added, a known one
 * updated, an identical one left alone, so the same file twice changes nothing. Bad lines are
 * listed and skipped; a file that is not CSV or lacks the header is refused whole.
 */

const REJECTED_LISTED_MAX = 100;
const IMPORT_SOURCE = 'CSV import';

function malformed(message: string): AppError {
  return new AppError('MALFORMED_CSV', message);
}

function numberOrNull(text: string): number | null | 'bad' {
  if (text === '') return null;
  const n = Number(text.replace(/%$/, ''));
  return Number.isFinite(n) ? n : 'bad';
}

/** One data record to slot values, or why it is refused. */
function readSlotRecord(record: string[]): SlotValues | string {
  if (record.length !== SLOT_CSV_COLUMNS.length) {
    return `Expected ${SLOT_CSV_COLUMNS.length} fields (name,provider,rtp,volatility,maxWin,year,imageUrl), found ${record.length}`;
  }
  const [name, provider, rtpText, volatility, maxWinText, yearText, imageUrl] = record as [string, string, string, string, string, string, string];
  const rtp = numberOrNull(rtpText);
  if (rtp === 'bad') return `"${rtpText}" is not an RTP percent`;
  const maxWin = numberOrNull(maxWinText.replace(/x$/i, ''));
  if (maxWin === 'bad') return `"${maxWinText}" is not a max win (× bet)`;
  const year = numberOrNull(yearText);
  if (year === 'bad') return `"${yearText}" is not a year`;
  const parsed = SlotInputSchema.safeParse({
    name,
    provider,
    rtp,
    volatility: volatility === '' ? null : volatility.toLowerCase().replace(/\s+/g, '_'),
    maxWin,
    year,
    imageUrl: imageUrl === '' ? null : imageUrl,
    source: IMPORT_SOURCE,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${issue.path.join('.') || 'line'}: ${issue.message}`;
  }
  return parsed.data;
}

type Parsed = { rows: { line: number; values: SlotValues }[]; rejected: { line: number; error: string }[]; lines: number };

function parseSlotCsv(text: string): Parsed {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw malformed(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  const [header, ...data] = records;
  if (!header || header.record.map((h) => h.toLowerCase()).join(',') !== SLOT_CSV_COLUMNS.join(',')) {
    throw malformed('The first line must be the header name,provider,rtp,volatility,maxWin,year,imageUrl.');
  }
  const rows: Parsed['rows'] = [];
  const rejected: Parsed['rejected'] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of data) {
    const read = readSlotRecord(record);
    if (typeof read === 'string') {
      rejected.push({ line: info.lines, error: read });
      continue;
    }
    const key = `${read.name.toLowerCase()}\u0000${read.provider.toLowerCase()}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      rejected.push({ line: info.lines, error: `Repeats line ${earlier} (same name and provider)` });
      continue;
    }
    seen.set(key, info.lines);
    rows.push({ line: info.lines, values: read });
  }
  return { rows, rejected, lines: data.length };
}

/** Adds or updates each slot of `rows`; counts what changed. In the caller's transaction. */
async function upsertSlots(tx: Tx, rows: readonly SlotValues[], now: Date): Promise<{ inserted: number; updated: number; unchanged: number }> {
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  for (const v of rows) {
    const values = {
      name: v.name,
      provider: v.provider,
      rtpBp: rtpBpOf(v.rtp),
      volatility: v.volatility,
      maxWin: v.maxWin,
      releaseYear: v.year,
      imageUrl: v.imageUrl,
    };
    const [existing] = await tx
      .select()
      .from(slots)
      .where(sql`lower(${slots.name}) = lower(${v.name}) and lower(${slots.provider}) = lower(${v.provider})`)
      .for('update');
    if (!existing) {
      await tx.insert(slots).values({ ...values, source: v.source, createdAt: now, updatedAt: now });
      inserted += 1;
      continue;
    }
    const same =
      existing.name === values.name &&
      existing.provider === values.provider &&
      existing.rtpBp === values.rtpBp &&
      existing.volatility === values.volatility &&
      existing.maxWin === values.maxWin &&
      existing.releaseYear === values.releaseYear &&
      existing.imageUrl === values.imageUrl;
    if (same) {
      unchanged += 1;
      continue;
    }
    await tx
      .update(slots)
      .set({ ...values, updatedAt: now })
      .where(sql`${slots.id} = ${existing.id}`);
    updated += 1;
  }
  return { inserted, updated, unchanged };
}

/** POST /api/admin/slots/import */
export async function importSlotCsv(db: Database, text: string, actor: AuditActor, now: Date): Promise<SlotImportResult> {
  const parsed = parseSlotCsv(text);
  const outcome = await db.transaction(async (tx) => {
    const counts = await upsertSlots(
      tx,
      parsed.rows.map((r) => r.values),
      now,
    );
    await recordAudit(tx, {
      ...actor,
      action: 'slots.import',
      targetType: 'slot',
      targetId: null,
      changes: {
        summary: `Slot CSV: ${parsed.lines} rows, ${counts.inserted} new, ${counts.updated} changed, ${parsed.rejected.length} rejected`,
        rows: parsed.lines,
        ...counts,
        rejected: parsed.rejected.length,
      },
      at: now,
    });
    return counts;
  });
  return { rows: parsed.lines, ...outcome, rejected: parsed.rejected.slice(0, REJECTED_LISTED_MAX), rejectedTotal: parsed.rejected.length };
}
