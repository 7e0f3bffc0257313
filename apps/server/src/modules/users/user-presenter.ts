import type { User } from '@app/shared/api/auth';
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
