import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { useTestApp } from '../../test/factories.ts';
import { makeUser } from '../../test/factories.ts';
import { findPublicUserById, findUserById } from './users-repository.ts';

/**
 * The per-request lookups by id (they run on every authenticated request): on PGlite they take the simple-query protocol, on
 * PostgreSQL a prepared statement; either way the row is the one drizzle's select gives, fresh.
 */
describe(`user lookups by id (${process.env.TEST_DB})`, () => {
  const t = useTestApp();

  it('gives the same row as a drizzle select, with the same types, and nothing for an unknown or malformed id', async () => {
    const user = await makeUser(t.app, { points: 1_234, admin: true });
    const [expected] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    const row = await findUserById(t.app.db, user.id);
    expect(row).toEqual(expected);
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(typeof row!.points).toBe('number');

    const pub = await findPublicUserById(t.app.db, user.id);
    expect(pub).toEqual({
      id: expected!.id,
      uid: expected!.uid,
      username: expected!.username,
      email: expected!.email,
      emailVerified: expected!.emailVerified,
      isAdmin: true,
      points: 1_234,
      createdAt: expected!.createdAt,
      bannedAt: null,
    });

    expect(await findUserById(t.app.db, randomUUID())).toBeUndefined();
    expect(await findPublicUserById(t.app.db, "x' or '1'='1")).toBeUndefined();
  });

  it('reads fresh on every call: a change of the admin or verified flag shows at once', async () => {
    const user = await makeUser(t.app, { verified: false });
    expect((await findPublicUserById(t.app.db, user.id))!.emailVerified).toBe(false);
    await t.app.db.update(users).set({ emailVerified: true, isAdmin: true }).where(eq(users.id, user.id));
    expect(await findPublicUserById(t.app.db, user.id)).toMatchObject({ emailVerified: true, isAdmin: true });
    expect(await findUserById(t.app.db, user.id)).toMatchObject({ emailVerified: true, isAdmin: true });
  });
});
