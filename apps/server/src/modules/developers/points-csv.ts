import { parse } from 'csv-parse/sync';

/**
 * Reading a points file. Four layouts are recognised by their header row (case and spaces ignored):
 *  - ours: `platform,platform_user_id,username,points` (platform_user_id or username may be empty, not both);
 *  - StreamElements' points export: a `username` column and a `points` column (other columns, such as
 *    `alltime` or `watchtime`, are ignored);
 *  - Streamlabs' Cloudbot points export: `name` (or `username`) and `points` (`hours` and the rest ignored);
 *  - BotRix's export: `username` (or `name`), `points`, and `user_id`/`userid` when present (the Kick user id).
 * Only the viewer's Kick id (when given), name and points are read; everything else is left alone.
 */

export type ImportFormat = 'rewards-hub' | 'streamelements' | 'streamlabs' | 'botrix';

export type ImportRow = { line: number; platform: string; platformUserId: string | null; username: string | null; points: string };

export type ParsedFile = { format: ImportFormat; rows: ImportRow[] } | { error: string };

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function formatOf(header: string[]): { format: ImportFormat; id: number; name: number; points: number; platform: number } | null {
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const points = col('points', 'current_points');
  if (points < 0) return null;
  if (header.includes('platform_user_id'))
    return { format: 'rewards-hub', id: col('platform_user_id'), name: col('username'), points, platform: col('platform') };
  const id = col('user_id', 'userid', 'kick_id');
  const name = col('username', 'name', 'user');
  if (name < 0 && id < 0) return null;
  if (id >= 0) return { format: 'botrix', id, name, points, platform: -1 };
  if (header.includes('hours') || header[name] === 'name') return { format: 'streamlabs', id: -1, name, points, platform: -1 };
  return { format: 'streamelements', id: -1, name, points, platform: -1 };
}

/** The rows of a points file, each with its line (the header is line 1), or why it cannot be read. */
export function parsePointsFile(text: string): ParsedFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: true }) as never;
  } catch (error) {
    return { error: `The file is not a readable CSV: ${(error as Error).message}` };
  }
  const [head, ...body] = records;
  if (!head) return { error: 'The file is empty.' };
  const layout = formatOf(head.record.map(norm));
  if (!layout) return { error: 'The header is not one we know: see the columns in the API docs (platform, platform_user_id, username, points).' };
  const cell = (r: string[], i: number) => (i >= 0 ? (r[i] ?? '').trim() : '');
  return {
    format: layout.format,
    rows: body.map(({ record, info }) => ({
      line: info.lines,
      platform: layout.platform >= 0 ? cell(record, layout.platform).toLowerCase() || 'kick' : 'kick',
      platformUserId: cell(record, layout.id) || null,
      username: cell(record, layout.name).replace(/^@/, '') || null,
      points: cell(record, layout.points),
    })),
  };
}
