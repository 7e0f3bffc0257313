import { CASINO_USERNAME_MAX } from '@app/shared/api/casino-accounts';
import { WAGER_CATEGORIES, type WagerCategory, type WagerSyncMapping } from '@app/shared/api/wagers';
import { EndpointRefusedError, guardedGet, ResponseTooLargeError } from './sync-endpoint.ts';

/**
 * The wager sync's adapter interface: one per partner casino, fetching the casino's
 * cumulative wagers per username, UTC day and category for a range of days.
 */
type SyncedWager = {
  username: string;
  /** 'YYYY-MM-DD' (UTC) */
  date: string;
  category: WagerCategory;
  wageredCents: number;
};

export type WagerRange = { from: string; to: string };

export interface WagerSyncAdapter {
  fetchWagers(range: WagerRange, signal: AbortSignal): Promise<SyncedWager[]>;
}

/** A casino failure (HTTP error, bad answer, timeout): recorded as the partner's last error. */
export class WagerSyncError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WagerSyncError';
  }
}

/** What a failed connection is recorded as, whatever the low-level reason. */
export const CONNECT_FAILED = 'Could not reach the endpoint.';

/** The largest answer read from a casino. */
const SYNC_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

type GenericJsonConfig = {
  endpointUrl: string;
  apiKey: string | null;
  keyHeader: string;
  mapping: WagerSyncMapping;
  /** Loopback and private addresses may be reached (WAGER_SYNC_ALLOW_PRIVATE). */
  allowPrivate: boolean;
};

function pick(value: unknown, path: string): unknown {
  if (path === '') return value;
  let current = value;
  for (const name of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[name];
  }
  return current;
}

function dayOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : null;
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

function centsOf(value: unknown, unit: WagerSyncMapping['amountUnit']): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n < 0) return null;
  const cents = unit === 'dollars' ? Math.round(n * 100) : Math.round(n);
  return Number.isSafeInteger(cents) ? cents : null;
}

function categoryOf(value: unknown): WagerCategory {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (WAGER_CATEGORIES as readonly string[]).includes(text) ? (text as WagerCategory) : 'other';
}

/**
 * Reads the rows out of a casino's JSON answer by the mapping; any bad row (or one dated after
 * `latestDay`, the range's end, like a future day in a CSV import) fails the whole answer.
 */
function mapWagerRows(document: unknown, mapping: WagerSyncMapping, latestDay: string): SyncedWager[] {
  const items = pick(document, mapping.items);
  if (!Array.isArray(items)) {
    throw new WagerSyncError(mapping.items ? `The answer has no array at "${mapping.items}".` : 'The answer is not an array.');
  }
  // Several rows of one key (e.g. two game types counted as "other") add up.
  const byKey = new Map<string, SyncedWager>();
  for (const [i, item] of items.entries()) {
    const rawName = pick(item, mapping.username);
    const username = typeof rawName === 'string' ? rawName.trim() : typeof rawName === 'number' ? String(rawName) : '';
    if (username === '' || username.length > CASINO_USERNAME_MAX) throw new WagerSyncError(`Row ${i + 1}: no username in "${mapping.username}".`);
    const date = dayOf(pick(item, mapping.date));
    if (!date) throw new WagerSyncError(`Row ${i + 1}: no valid date in "${mapping.date}".`);
    if (date > latestDay) throw new WagerSyncError(`Row ${i + 1}: ${date} is in the future.`);
    const wageredCents = centsOf(pick(item, mapping.amount), mapping.amountUnit);
    if (wageredCents === null) throw new WagerSyncError(`Row ${i + 1}: no valid amount in "${mapping.amount}".`);
    const category = categoryOf(pick(item, mapping.category));
    const key = `${username.toLowerCase()}\u0000${date}\u0000${category}`;
    const entry = byKey.get(key);
    if (entry) entry.wageredCents += wageredCents;
    else byKey.set(key, { username, date, category, wageredCents });
  }
  return [...byKey.values()];
}

/**
 * The generic JSON adapter: GET the endpoint with `from` and `to` (UTC days, inclusive) as query
 * parameters and the key in the configured header; the mapping says where the rows are. Redirects
 * are not followed (a 3xx is an HTTP error), so a casino cannot redirect the key elsewhere.
 */
export function genericJsonAdapter(config: GenericJsonConfig): WagerSyncAdapter {
  return {
    async fetchWagers(range, signal) {
      const url = new URL(config.endpointUrl);
      url.searchParams.set('from', range.from);
      url.searchParams.set('to', range.to);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (config.apiKey) headers[config.keyHeader] = config.apiKey;
      let response: { status: number; body: string };
      try {
        // The host is resolved and every address checked at connect time (sync-endpoint.ts); no redirects.
        response = await guardedGet(url, { headers, signal, allowPrivate: config.allowPrivate, maxBytes: SYNC_MAX_RESPONSE_BYTES });
      } catch (error) {
        if (error instanceof EndpointRefusedError) throw new WagerSyncError(error.message);
        if (error instanceof ResponseTooLargeError) throw new WagerSyncError('The casino answer is too large.');
        if (signal.aborted) throw new WagerSyncError('The casino did not answer in time.');
        // The low-level error (connection refused, reset, DNS failure) would tell an admin which hosts and
        // ports exist behind the server; the record says only this, the log has the detail.
        throw new WagerSyncError(CONNECT_FAILED, { cause: error });
      }
      if (response.status < 200 || response.status > 299) throw new WagerSyncError(`The casino answered HTTP ${response.status}.`);
      let document: unknown;
      try {
        document = JSON.parse(response.body);
      } catch {
        throw new WagerSyncError('The casino answer is not valid JSON.');
      }
      return mapWagerRows(document, config.mapping, range.to);
    },
  };
}
