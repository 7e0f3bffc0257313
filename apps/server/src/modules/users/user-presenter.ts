import type { MeResponse, User } from '@app/shared/api/auth';
import type { PublicUserRow } from './users-repository.ts';

/** The contract shape of a user (never the raw row: no password hash leaves the server). */
export function presentUser(row: PublicUserRow): User {
  return {
    id: row.id,
    uid: row.uid,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerified,
    isAdmin: row.isAdmin,
    points: row.points,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/auth/me's answer as JSON text: `{ user }` with exactly the contract's fields. */
export function serializeMe(row: PublicUserRow): string {
  const answer: MeResponse = { user: presentUser(row) };
  return JSON.stringify(answer);
}
