import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { insertUser } from '../users/index.ts';

/**
 * A sample member of the demo's stream pages (an example.com address and a password hash no password
 * matches, as the sample catalogue's members have, so nobody signs in as them): the demo user's balance
 * and notifications stay its own. Made once; a later call finds it by its address.
 */
export async function sampleMember(db: Database, username: string, now: Date): Promise<string> {
  const email = `${username.toLowerCase()}@sample.example.com`;
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (found) return found.id;
  // Not an argon2 hash: verifyPassword answers false for it (and the start spends no hashing on samples).
  const passwordHash = `!sample-${randomBytes(8).toString('hex')}`;
  return (await insertUser(db, { email, username, passwordHash, emailVerified: true, isAdmin: false }, now)).id;
}
