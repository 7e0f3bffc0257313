import type { AdminOverview, OverviewStat } from '@app/shared/api/admin';
import { and, count, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Database, DatabaseKind } from '../../db/client.ts';
import { pingDatabase } from '../../db/client.ts';
import { challenges, ledgerEntries, raffles, users } from '../../db/schema.ts';
import { appVersion, webDistDir } from '../../lib/paths.ts';
import { listBotFeatures } from '../chat/index.ts';

const PERIOD_MS = 30 * 86_400_000;

/** Below this base a percentage says nothing (1 → 5 is "+400%" on a fresh install): the change is null. */
export const MIN_COMPARABLE_BASE = 10;

/** A figure now and 30 days ago, with the change in percent (one decimal; null when the base is too small). */
export function stat(value: number, previous: number): OverviewStat {
  const changePercent = previous < MIN_COMPARABLE_BASE ? null : Math.round(((value - previous) / previous) * 1000) / 10;
  return { value, previous, changePercent };
}

/** Build time: when the web bundle was built (npm run build writes both halves); null when not built. */
export function buildTime(distDir: string = webDistDir): string | null {
  try {
    return statSync(path.join(distDir, 'index.html')).mtime.toISOString();
  } catch {
    return null;
  }
}

async function usersAt(db: Database, at: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(lte(users.createdAt, at));
  return Number(row?.n ?? 0);
}

/** Raffles running at `at` (started, not ended). */
async function activeRafflesAt(db: Database, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(raffles)
    .where(and(lte(raffles.startDate, at), gt(raffles.endDate, at)));
  return Number(row?.n ?? 0);
}

/** Challenges running at `at`: started, not ended, not completed (winners full) by then. */
async function activeChallengesAt(db: Database, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(challenges)
    .where(and(lte(challenges.startsAt, at), gt(challenges.endsAt, at), or(isNull(challenges.completedAt), gt(challenges.completedAt, at))));
  return Number(row?.n ?? 0);
}

/** Points credited through the ledger up to `at` (every positive ledger row). */
async function creditsAt(db: Database, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(gt(ledgerEntries.amount, 0), lte(ledgerEntries.createdAt, at)));
  return Number(row?.n ?? 0);
}

/** GET /api/admin/overview: the four figures from the database, system and bot status. */
export async function overview(db: Database, kind: DatabaseKind, now: Date, distDir?: string): Promise<AdminOverview> {
  const before = new Date(now.getTime() - PERIOD_MS);
  let databaseStatus: 'Connected' | 'Unavailable' = 'Connected';
  try {
    await pingDatabase(db);
  } catch {
    databaseStatus = 'Unavailable';
  }
  const [usersNow, usersBefore, rafflesNow, rafflesBefore, creditsNow, creditsBefore, challengesNow, challengesBefore, challengesEver] = await Promise.all([
    usersAt(db, now),
    usersAt(db, before),
    activeRafflesAt(db, now),
    activeRafflesAt(db, before),
    creditsAt(db, now),
    creditsAt(db, before),
    activeChallengesAt(db, now),
    activeChallengesAt(db, before),
    db
      .select({ n: count() })
      .from(challenges)
      .then((r) => Number(r[0]?.n ?? 0)),
  ]);
  return {
    stats: {
      totalUsers: stat(usersNow, usersBefore),
      activeRaffles: stat(rafflesNow, rafflesBefore),
      activeChallenges: {
        ...stat(challengesNow, challengesBefore),
        note: challengesEver === 0 ? 'There are no challenges on the server yet.' : `${challengesEver.toLocaleString('en-US')} posted in all`,
      },
      pointsDistributed: stat(creditsNow, creditsBefore),
    },
    system: {
      version: appVersion,
      lastUpdated: buildTime(distDir),
      serverStatus: 'Online',
      databaseStatus,
      database: kind,
    },
    bot: await listBotFeatures(db),
  };
}
