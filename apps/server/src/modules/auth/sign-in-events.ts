import type { Database } from '../../db/client.ts';
import { signInEvents } from '../../db/schema.ts';

/** What the login route knows of the client, for the user's Activity tab. */
export type SignInClient = { ip?: string | null; userAgent?: string | null };

/** Records one sign-in attempt (success or a wrong password); `userId` null for an identifier without an account. */
export async function recordSignIn(db: Database, input: { userId: string | null; success: boolean } & SignInClient, at: Date): Promise<void> {
  await db.insert(signInEvents).values({
    createdAt: at,
    userId: input.userId,
    success: input.success,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
}
