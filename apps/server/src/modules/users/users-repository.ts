import { randomInt } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { eq, getTableColumns, or, sql, type Column, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { pgErrorWithCode } from '../../db/tx.ts';

export type UserRow = typeof users.$inferSelect;

/** Case-insensitive e-mail lookup (the unique index is on lower(email)). */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

/** An e-mail or a username (usernames cannot contain '@', so one query answers both). */
export async function findUserByIdentifier(db: Database, identifier: string): Promise<UserRow | undefined> {
  const value = identifier.trim();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = lower(${value})`, sql`lower(${users.username}) = lower(${value})`))
    .limit(1);
  return row;
}

// Anything but a UUID cannot be an id; asking PostgreSQL would fail on the cast.
function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/**
 * PGlite only: a lookup by id through its simple-query protocol, one call into the WASM engine
 * instead of parse, describe, bind and execute (about half of the query's CPU: these run on every
 * authenticated request, and PGlite shares the server's thread). The id is a checked UUID, so
 * writing it into the SQL text is safe; the row is mapped with drizzle's own column decoders, so it
 * is the same row the prepared statement gives.
 */
function pgliteOf(db: Database): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** Whether the access token's session is live, read in the same statement as the user (see findUserForSession). */
const SESSION_LIVE_SQL = (sessionId: string) =>
  `exists (select 1 from auth_sessions s where s.id = '${sessionId}' and s.user_id = users.id and s.ended_at is null)`;

function simpleLookup<T extends Record<string, Column>>(columns: T) {
  const list = Object.entries(columns)
    .map(([key, column]) => `"${column.name}" as "${key}"`)
    .join(', ');
  const text = (id: string, sessionId?: string) =>
    `select ${list}${sessionId ? `, ${SESSION_LIVE_SQL(sessionId)} as "sessionLive"` : ''} from users where id = '${id}' limit 1`;
  return async (client: PGlite, id: string, sessionId?: string): Promise<(Record<keyof T, unknown> & { sessionLive?: boolean }) | undefined> => {
    const [result] = await client.exec(text(id, sessionId));
    const raw = result?.rows[0] as Record<string, unknown> | undefined;
    if (!raw) return undefined;
    const row: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(columns)) {
      const value = raw[key];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    if (sessionId) row.sessionLive = raw.sessionLive === true || raw.sessionLive === 't';
    return row as Record<keyof T, unknown> & { sessionLive?: boolean };
  };
}
const lookupUser = simpleLookup(getTableColumns(users));

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const pglite = pgliteOf(db);
  if (pglite) return (await lookupUser(pglite, id)) as UserRow | undefined;
  let statement = findByIdStatements.get(db);
  if (!statement) {
    statement = prepareFindUserById(db);
    findByIdStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

// The lookup of every authenticated request: built and prepared once per database.
function prepareFindUserById(db: Database) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_user_by_id');
}
const findByIdStatements = new WeakMap<Database, ReturnType<typeof prepareFindUserById>>();

/**
 * The columns of the contract's User (what GET /api/auth/me answers with; no hash, no addresses),
 * and whether the account is banned: a ban ends every session at once, the access tokens too.
 */
const publicUserColumns = {
  id: users.id,
  uid: users.uid,
  username: users.username,
  email: users.email,
  emailVerified: users.emailVerified,
  isAdmin: users.isAdmin,
  points: users.points,
  createdAt: users.createdAt,
  bannedAt: users.bannedAt,
};
export type PublicUserRow = Pick<UserRow, keyof typeof publicUserColumns>;

function prepareFindPublicUserById(db: Database) {
  return db
    .select(publicUserColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_public_user_by_id');
}
const findPublicByIdStatements = new WeakMap<Database, ReturnType<typeof prepareFindPublicUserById>>();

/** findUserById for the contract's User only, read fresh from the database on every call (GET /api/auth/me). */
const lookupPublicUser = simpleLookup(publicUserColumns);

export async function findPublicUserById(db: Database, id: string): Promise<PublicUserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const pglite = pgliteOf(db);
  if (pglite) return (await lookupPublicUser(pglite, id)) as PublicUserRow | undefined;
  let statement = findPublicByIdStatements.get(db);
  if (!statement) {
    statement = prepareFindPublicUserById(db);
    findPublicByIdStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

/**
 * The user of an access token and whether the token's session is live (exists, is the user's, not
 * ended), in ONE statement: every authenticated request reads the user anyway, so the session check
 * costs an indexed subquery (the session's primary key), not a second round trip.
 */
type WithSession<T> = T & { sessionLive: boolean };

// Written out qualified: drizzle names a select field's columns without their table, and inside
// the subquery a bare "id" would be the session's.
const sessionLiveColumn = (sessionId: Placeholder) =>
  sql<boolean>`exists (select 1 from auth_sessions s where s.id = ${sessionId}::uuid and s.user_id = "users"."id" and s.ended_at is null)`;

function prepareFindUserForSession(db: Database) {
  return db
    .select({ ...getTableColumns(users), sessionLive: sessionLiveColumn(sql.placeholder('sid')) })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_user_for_session');
}
const findForSessionStatements = new WeakMap<Database, ReturnType<typeof prepareFindUserForSession>>();

export async function findUserForSession(db: Database, id: string, sessionId: string): Promise<WithSession<UserRow> | undefined> {
  if (!isUuid(id)) return undefined;
  const sid = isUuid(sessionId) ? sessionId : NO_SESSION;
  const pglite = pgliteOf(db);
  if (pglite) return (await lookupUser(pglite, id, sid)) as WithSession<UserRow> | undefined;
  let statement = findForSessionStatements.get(db);
  if (!statement) {
    statement = prepareFindUserForSession(db);
    findForSessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id, sid });
  return row;
}

function prepareFindPublicUserForSession(db: Database) {
  return db
    .select({ ...publicUserColumns, sessionLive: sessionLiveColumn(sql.placeholder('sid')) })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_public_user_for_session');
}
const findPublicForSessionStatements = new WeakMap<Database, ReturnType<typeof prepareFindPublicUserForSession>>();

/** findPublicUserById and the session check in one statement (GET /api/auth/me). */
export async function findPublicUserForSession(db: Database, id: string, sessionId: string): Promise<WithSession<PublicUserRow> | undefined> {
  if (!isUuid(id)) return undefined;
  const sid = isUuid(sessionId) ? sessionId : NO_SESSION;
  const pglite = pgliteOf(db);
  if (pglite) return (await lookupPublicUser(pglite, id, sid)) as WithSession<PublicUserRow> | undefined;
  let statement = findPublicForSessionStatements.get(db);
  if (!statement) {
    statement = prepareFindPublicUserForSession(db);
    findPublicForSessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id, sid });
  return row;
}

/** A session id that matches no row (a malformed claim is not written into SQL). */
const NO_SESSION = '00000000-0000-0000-0000-000000000000';

export async function isUsernameTaken(db: Database, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows.length > 0;
}

const UID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A public User UID like 'RH-7K2M9QXA' (no look-alike characters; unique index as backstop). */
function newUid(): string {
  let out = '';
  for (let i = 0; i < 8; i += 1) out += UID_ALPHABET[randomInt(UID_ALPHABET.length)];
  return `RH-${out}`;
}

/** A free username derived from the e-mail's local part: letters, digits, underscores, 3..20. */
export async function deriveUsername(db: Database, email: string): Promise<string> {
  const local = email.split('@')[0] ?? '';
  let base = local
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 20);
  if (base.length < 3) base = `${base}${base ? '_' : ''}user`.slice(0, 20);
  if (!(await isUsernameTaken(db, base))) return base;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const suffix = String(randomInt(1000, 1_000_000));
    const candidate = `${base.slice(0, 20 - suffix.length - 1)}_${suffix}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  return `user_${randomInt(10 ** 9, 10 ** 10)}`;
}

type NewUser = {
  email: string;
  username: string;
  passwordHash: string;
  emailVerified?: boolean;
  isAdmin?: boolean;
};

/** Inserts a user made at `now`; a taken e-mail or username surfaces as PostgreSQL's unique violation (see uniqueViolation). */
export async function insertUser(db: Database, user: NewUser, now: Date): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, uid: newUid(), createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** A sign-in completed at `now` (password, or password and second factor); the updated row, undefined when the user is gone. */
export async function recordLogin(db: Database, userId: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId)).returning();
  return row;
}

/** Which unique index a failed insert hit: 'email', 'username', 'uid', or null when it was another error. */
export function uniqueViolation(error: unknown): 'email' | 'username' | 'uid' | null {
  const e = pgErrorWithCode(error, '23505');
  if (!e) return null;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('users_email_lower_idx')) return 'email';
  if (where.includes('users_username_lower_idx')) return 'username';
  if (where.includes('users_uid_unique')) return 'uid';
  return null;
}
