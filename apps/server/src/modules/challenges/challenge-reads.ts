import type { AdminChallenge, AdminChallengeList, Challenge, ChallengeList } from '@app/shared/api/challenges';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { challengeClaims, challenges, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentAdminChallenge, presentChallenge, type ChallengeRow, type ClaimRow } from './challenge-presenter.ts';

/** The reads of the member's page and the admin screen. */

type Db = Database | Tx;

const COMPLETED_SHOWN = 10;
const ADMIN_CHALLENGES = 50;

/** Winners so far per challenge. */
async function winnerCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: challengeClaims.challengeId, n: count() })
    .from(challengeClaims)
    .where(and(inArray(challengeClaims.challengeId, ids), eq(challengeClaims.won, true)))
    .groupBy(challengeClaims.challengeId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

async function claimsOf(db: Db, userId: string, ids: string[]): Promise<ClaimRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(challengeClaims)
    .where(and(eq(challengeClaims.userId, userId), inArray(challengeClaims.challengeId, ids)))
    .orderBy(desc(challengeClaims.seq));
}

async function presentForMember(db: Db, rows: ChallengeRow[], userId: string, now: Date): Promise<Challenge[]> {
  const ids = rows.map((r) => r.id);
  const [counts, mine] = await Promise.all([winnerCounts(db, ids), claimsOf(db, userId, ids)]);
  return rows.map((r) =>
    presentChallenge(
      r,
      counts.get(r.id) ?? 0,
      mine.filter((c) => c.challengeId === r.id),
      now,
    ),
  );
}

/** GET /api/challenges: the running and upcoming ones (ending soonest first) and the latest completed. */
export async function listChallenges(db: Database, userId: string, now: Date): Promise<ChallengeList> {
  const [open, done] = await Promise.all([
    db
      .select()
      .from(challenges)
      .where(and(isNull(challenges.completedAt), gt(challenges.endsAt, now)))
      .orderBy(asc(challenges.endsAt), asc(challenges.createdAt)),
    db
      .select()
      .from(challenges)
      .where(or(isNotNull(challenges.completedAt), lte(challenges.endsAt, now)))
      .orderBy(desc(challenges.endsAt))
      .limit(COMPLETED_SHOWN),
  ]);
  const [current, completed] = await Promise.all([presentForMember(db, open, userId, now), presentForMember(db, done, userId, now)]);
  return { challenges: current, completed };
}

/** GET /api/challenges/:id */
export async function getChallenge(db: Database, id: string, userId: string, now: Date): Promise<Challenge> {
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'That challenge does not exist.');
  return (await presentForMember(db, [row], userId, now))[0]!;
}

async function adminClaimsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ claim: challengeClaims, username: users.username })
    .from(challengeClaims)
    .innerJoin(users, eq(users.id, challengeClaims.userId))
    .where(inArray(challengeClaims.challengeId, ids))
    .orderBy(asc(challengeClaims.seq));
  return rows.map((r) => ({ ...r.claim, username: r.username }));
}

/** One challenge as the admin screen shows it, its claims in submission order. */
export async function adminChallenge(db: Db, id: string, now: Date): Promise<AdminChallenge> {
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'That challenge does not exist.');
  return presentAdminChallenge(row, await adminClaimsOf(db, [id]), now);
}

/** GET /api/admin/challenges: the newest challenges, each with its claims in submission order. */
export async function listAdminChallenges(db: Database, now: Date): Promise<AdminChallengeList> {
  const rows = await db.select().from(challenges).orderBy(desc(challenges.createdAt)).limit(ADMIN_CHALLENGES);
  const claims = await adminClaimsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    challenges: rows.map((r) =>
      presentAdminChallenge(
        r,
        claims.filter((c) => c.challengeId === r.id),
        now,
      ),
    ),
  };
}
