import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { socialAccounts, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/** GET /api/v1/members/:uid: the member's name, balance and linked stream accounts. */
export async function readMember(db: Database, uid: string) {
  const [user] = await db
    .select({ id: users.id, uid: users.uid, username: users.username, points: users.points, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.uid, uid));
  if (!user) throw new AppError('NOT_FOUND', 'No member has this uid.');
  const platforms = await db
    .select({ platform: socialAccounts.platform, platformUserId: socialAccounts.externalId, username: socialAccounts.username })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, user.id));
  return { uid: user.uid, username: user.username, points: user.points, createdAt: user.createdAt.toISOString(), platforms };
}
