import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeys, ledgerEntries, raffleEntries, users } from '../../db/schema.ts';
import { factoryAccessToken } from '../auth/auth-test-helpers.ts';
import { insertUser } from '../users/users-repository.ts';
import { credit } from './ledger.ts';

/** Test-only factories for the points economy (real database, no mocks). */

let counter = 0;

export type TestUser = { id: string; uid: string; username: string; token: string; auth: { authorization: string } };

/**
 * A user inserted directly (an unusable password hash: no argon2 cost), with `points` given through
 * the ledger, and a signed access token. An admin's token comes from the real second step of a
 * login (TOTP with a test secret), as ADMIN_MFA=required asks of every admin call.
 */
export async function makeUser(
  app: FastifyInstance,
  opts: { points?: number; xp?: number; verified?: boolean; admin?: boolean; prefix?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const tag = `${opts.prefix ?? 'u'}${counter}_${randomBytes(3).toString('hex')}`;
  const user = await app.db.transaction(async (tx) => {
    const row = await insertUser(tx, {
      email: `${tag}@example.com`,
      username: tag.slice(0, 20),
      passwordHash: '!unusable',
      emailVerified: opts.verified ?? true,
      isAdmin: opts.admin ?? false,
    }, app.clock.now());
    if (opts.points) {
      await credit(tx, { userId: row.id, amount: opts.points, reason: 'admin_grant', note: 'test', at: app.clock.now() });
    }
    if (opts.xp) await tx.update(users).set({ xp: opts.xp }).where(eq(users.id, row.id));
    return row;
  });
  const token = await factoryAccessToken(app, user.id, { secondFactor: opts.admin });
  return { id: user.id, uid: user.uid, username: user.username, token, auth: { authorization: `Bearer ${token}` } };
}

export async function pointsOf(app: FastifyInstance, userId: string): Promise<number> {
  const [row] = await app.db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row!.points;
}

export async function ledgerSumOf(app: FastifyInstance, userId: string): Promise<{ sum: number; rows: number }> {
  const [row] = await app.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`, rows: sql<string>`count(*)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return { sum: Number(row!.sum), rows: Number(row!.rows) };
}

const HOUR = 60 * 60 * 1000;

/** An Active raffle created through the admin API (from an hour before `now` to an hour after, unless `fields` say otherwise); its id. */
export async function createActiveRaffle(
  app: FastifyInstance,
  admin: TestUser,
  now: Date,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/raffles',
    headers: admin.auth,
    payload: {
      title: 'Test raffle',
      prize: 'Prize',
      pointsCost: 10,
      startDate: new Date(now.getTime() - HOUR).toISOString(),
      endDate: new Date(now.getTime() + HOUR).toISOString(),
      ...fields,
    },
  });
  if (res.statusCode !== 201) throw new Error(`creating a raffle answered ${res.statusCode}: ${res.body}`);
  return res.json().raffle.id as string;
}

/** A user's points, ledger sum and row count, raffle entries and stored Idempotency-Keys: what a spend changes. */
export async function spendStateOf(app: FastifyInstance, userId: string) {
  return {
    points: await pointsOf(app, userId),
    ledger: await ledgerSumOf(app, userId),
    entries: (await app.db.select().from(raffleEntries).where(eq(raffleEntries.userId, userId))).length,
    keys: (await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))).length,
  };
}
