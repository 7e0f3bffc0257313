import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';

const PAGE = 1000;

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type ExportRow = {
  id: string;
  uid: string;
  username: string;
  email_verified: boolean;
  platforms: string | null;
  points: string | number;
  lifetime: string | number;
};

/**
 * GET /api/admin/points/export: every member, streamed a page at a time (keyset on id), never the
 * whole table in memory. The audit row is written first.
 */
export async function exportPoints(db: Database, actor: AuditActor, now: Date): Promise<Readable> {
  await recordAudit(db, { ...actor, action: 'points.export', targetType: 'points_export', targetId: null, at: now });
  async function* lines(): AsyncGenerator<string> {
    yield 'uid,username,email_verified,linked_accounts,points,lifetime_earned\r\n';
    let after: string | null = null;
    for (;;) {
      const result: unknown = await db.execute(sql`
        select u.id, u.uid, u.username, u.email_verified,
          (select string_agg(s.platform || ':' || s.external_id || ':' || s.username, ';' order by s.platform) from social_accounts s where s.user_id = u.id) as platforms,
          u.points,
          (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = u.id and l.amount > 0) as lifetime
        from ${users} u
        where ${after === null ? sql`true` : sql`u.id > ${after}`}
        order by u.id
        limit ${PAGE}`);
      const rows: ExportRow[] = (result as { rows: ExportRow[] }).rows;
      if (rows.length === 0) return;
      yield rows
        .map((r) => [r.uid, r.username, r.email_verified, r.platforms ?? '', Number(r.points), Number(r.lifetime)].map(csvField).join(',') + '\r\n')
        .join('');
      after = rows[rows.length - 1]!.id;
    }
  }
  return Readable.from(lines());
}
