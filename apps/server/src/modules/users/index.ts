// The users module's public file: what other modules may use (eslint/server-layers.js).
export { presentUser, serializeMe } from './user-presenter.ts';
export {
  type PublicUserRow,
  type UserRow,
  deriveUsername,
  findPublicUserForSession,
  findUserByEmail,
  findUserById,
  findUserByIdentifier,
  findUserForSession,
  insertUser,
  isUsernameTaken,
  recordLogin,
  uniqueViolation,
} from './users-repository.ts';
