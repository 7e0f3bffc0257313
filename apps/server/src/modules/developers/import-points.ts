import type { PointsImportResult } from '@app/shared/api/developers';
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pointsImportRows, socialAccounts, streamChatters, streamCredits } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { creditMany } from '../../platform/ledger.ts';
import { parsePointsFile, type ImportRow } from './points-csv.ts';

const CHUNK = 2000;
const MAX_POINTS = 1_000_000_000;

type Target = { line: number; key: string; points: number } & ({ userId: string; kickUserId?: undefined } | { userId?: undefined; kickUserId: string });

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Kick ids → linked users; names → (user or Kick id), in bulk. */
async function resolve(tx: Tx, rows: ImportRow[]) {
  const ids = [...new Set(rows.map((r) => r.platformUserId).filter((x): x is string => !!x))];
  const names = [...new Set(rows.filter((r) => !r.platformUserId && r.username).map((r) => r.username!.toLowerCase()))];
  const userOfId = new Map<string, string>();
  const byName = new Map<string, { userId?: string; kickUserId: string }>();
  for (const part of chunks(ids)) {
    const found = await tx
      .select({ id: socialAccounts.externalId, userId: socialAccounts.userId })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.platform, 'kick'), inArray(socialAccounts.externalId, part)));
    for (const f of found) userOfId.set(f.id, f.userId);
  }
  for (const part of chunks(names)) {
    const chatters = await tx
      .select({ name: sql<string>`lower(${streamChatters.username})`, id: streamChatters.kickUserId })
      .from(streamChatters)
      .where(inArray(sql`lower(${streamChatters.username})`, part));
    for (const c of chatters) byName.set(c.name, { kickUserId: c.id });
    const linked = await tx
      .select({ name: sql<string>`lower(${socialAccounts.username})`, id: socialAccounts.externalId, userId: socialAccounts.userId })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.platform, 'kick'), inArray(sql`lower(${socialAccounts.username})`, part)));
    for (const l of linked) byName.set(l.name, { kickUserId: l.id, userId: l.userId });
  }
  return { userOfId, byName };
}

/**
 * POST /api/admin/points/import: each row credited once (its key is the file's SHA-256 and the
 * line), through the ledger (reason import) to the linked member, or to the viewer's holding
 * balance when they have not linked; `dryRun` answers the same counts and writes nothing. One
 * transaction; linked members are credited in bulk (creditMany). Audited.
 */
export async function importPoints(db: Database, file: string, dryRun: boolean, actor: AuditActor, now: Date): Promise<PointsImportResult> {
  const parsed = parsePointsFile(file);
  if ('error' in parsed) throw new AppError('MALFORMED_CSV', parsed.error);
  const fileHash = createHash('sha256').update(file, 'utf8').digest('hex');
  const skipped: { line: number; reason: string }[] = [];

  const work = async (tx: Tx): Promise<PointsImportResult> => {
    const { userOfId, byName } = await resolve(tx, parsed.rows);
    const targets: Target[] = [];
    for (const row of parsed.rows) {
      const points = /^\d+$/.test(row.points.replace(/,/g, '')) ? Number(row.points.replace(/,/g, '')) : NaN;
      if (row.platform !== 'kick') skipped.push({ line: row.line, reason: `Unknown platform ${row.platform}` });
      else if (!row.platformUserId && !row.username) skipped.push({ line: row.line, reason: 'No platform_user_id and no username' });
      else if (!Number.isSafeInteger(points) || points <= 0 || points > MAX_POINTS)
        skipped.push({ line: row.line, reason: 'Points must be a whole number above 0' });
      else {
        const key = `import:${fileHash}:${row.line}`;
        if (row.platformUserId) {
          const userId = userOfId.get(row.platformUserId);
          targets.push(userId ? { line: row.line, key, points, userId } : { line: row.line, key, points, kickUserId: row.platformUserId });
        } else {
          const known = byName.get(row.username!.toLowerCase());
          if (!known) skipped.push({ line: row.line, reason: `No Kick viewer named ${row.username} has been seen` });
          else
            targets.push(known.userId ? { line: row.line, key, points, userId: known.userId } : { line: row.line, key, points, kickUserId: known.kickUserId });
        }
      }
    }
    const fresh = new Set<string>();
    for (const part of chunks(targets)) {
      const keys = part.map((t) => t.key);
      if (dryRun) {
        const done = new Set(
          (await tx.select({ key: pointsImportRows.key }).from(pointsImportRows).where(inArray(pointsImportRows.key, keys))).map((r) => r.key),
        );
        for (const k of keys) if (!done.has(k)) fresh.add(k);
      } else {
        const inserted = await tx
          .insert(pointsImportRows)
          .values(keys.map((key) => ({ key, createdAt: now })))
          .onConflictDoNothing()
          .returning({ key: pointsImportRows.key });
        for (const r of inserted) fresh.add(r.key);
      }
    }
    const credited = targets.filter((t) => fresh.has(t.key));
    for (const t of targets) if (!fresh.has(t.key)) skipped.push({ line: t.line, reason: 'Already imported' });
    if (!dryRun) {
      const perUser = new Map<string, number>();
      for (const t of credited) if (t.userId) perUser.set(t.userId, (perUser.get(t.userId) ?? 0) + t.points);
      await creditMany(
        tx,
        [...perUser].map(([userId, amount]) => ({ userId, amount, refId: fileHash, note: 'Points import' })),
        { reason: 'import', refType: 'points_import', at: now },
      );
      const held = credited.filter((t) => t.kickUserId);
      for (const part of chunks(held)) {
        await tx
          .insert(streamCredits)
          .values(part.map((t) => ({ key: t.key, kickUserId: t.kickUserId!, userId: null, reason: 'import', amount: t.points, earnedAt: now })))
          .onConflictDoNothing();
      }
    }
    const points = credited.reduce((n, t) => n + t.points, 0);
    if (!dryRun) {
      await recordAudit(tx, {
        ...actor,
        action: 'points.import',
        targetType: 'points_import',
        targetId: fileHash,
        changes: {
          format: parsed.format,
          rows: parsed.rows.length,
          credited: credited.length,
          points,
          summary: `Imported ${points.toLocaleString('en-US')} points (${credited.length} rows)`,
        },
        at: now,
      });
    }
    skipped.sort((a, b) => a.line - b.line);
    return { rows: parsed.rows.length, credited: credited.length, points, skipped: skipped.slice(0, 1000), format: parsed.format, dryRun };
  };
  return db.transaction(work);
}
