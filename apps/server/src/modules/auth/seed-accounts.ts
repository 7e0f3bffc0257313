import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { USERNAME_PATTERN } from '@app/shared/api/auth';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { disableTotp } from './second-factor.ts';
import { endAllSessions } from './sessions.ts';
import { credit } from '../../platform/ledger.ts';
import { keepFirstLogins } from './first-logins.ts';
import { deriveUsername, findUserByEmail, insertUser, isUsernameTaken } from '../users/index.ts';

// Reserved example domain (RFC 2606): clearly not a real mailbox, yet a valid ADMIN_EMAIL for the reset hint.
export const GENERATED_ADMIN_EMAIL = 'admin@example.com';
export const GENERATED_DEMO_EMAIL = 'demo@example.com';
/** Points the demo user receives when it is created (spec 2 §9 Store: the sample balance). */
export const DEMO_SIGNUP_BONUS = 12_500;

type Account = { role: 'admin' | 'demo'; email: string; password: string; username: string; isGenerated: boolean };

function generatedPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** The accounts to ensure: from configuration, or both generated when nothing is configured (not in tests). */
export function accountsToSeed(config: Config): Account[] {
  const accounts: Account[] = [];
  if (config.admin) {
    accounts.push({ role: 'admin', ...config.admin, username: config.admin.username ?? 'admin', isGenerated: false });
  }
  if (config.demo) accounts.push({ role: 'demo', ...config.demo, username: 'demo', isGenerated: false });
  if (!config.admin && !config.demo && config.env !== 'test') {
    accounts.push(
      { role: 'admin', email: GENERATED_ADMIN_EMAIL, password: generatedPassword(), username: 'admin', isGenerated: true },
      { role: 'demo', email: GENERATED_DEMO_EMAIL, password: generatedPassword(), username: 'demo', isGenerated: true },
    );
  }
  return accounts;
}

async function ensureAccount(db: Database, account: Account, print: (line: string) => void, clock: Clock): Promise<void> {
  const label = account.role === 'admin' ? 'Admin' : 'Demo user';
  const existing = await findUserByEmail(db, account.email);
  if (existing) {
    if (account.isGenerated) {
      print(
        `  ${label} ${existing.email} (username ${existing.username}) exists; its password was printed when it was created. ` +
          `To set a new one, start once with ${account.role === 'admin' ? 'ADMIN_EMAIL/ADMIN_PASSWORD' : 'DEMO_EMAIL/DEMO_PASSWORD'}=${existing.email}/<new password>.`,
      );
      return;
    }
    // Configuration never promotes: an address anyone could have registered (no verification is
    // needed to register) must not turn that person's account into the admin, with their session,
    // their authenticator and their recovery codes. The operator picks another address, or an admin
    // grants the role in the console.
    if (account.role === 'admin' && !(existing.isAdmin && existing.emailVerified)) {
      throw new Error(
        `ADMIN_EMAIL ${existing.email} belongs to an existing account that is not a verified admin; it is not promoted. ` +
          'Set ADMIN_EMAIL to an address without an account (or to an existing verified admin) and start again.',
      );
    }
    // A configured password is authoritative: a changed ADMIN_PASSWORD/DEMO_PASSWORD resets it (docs/decisions.md).
    const updates: Partial<typeof users.$inferInsert> = {};
    if (!(await verifyPassword(existing.passwordHash, account.password))) {
      updates.passwordHash = await hashPassword(account.password);
    }
    if (!existing.emailVerified) updates.emailVerified = true;
    if (Object.keys(updates).length > 0) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...updates, updatedAt: now })
          .where(eq(users.id, existing.id));
        // Whoever held the account before the configuration took it over loses every way back in:
        // their sessions (and so their access tokens), their authenticator and their recovery codes.
        await endAllSessions(tx as unknown as Database, existing.id, now);
        await disableTotp(tx as unknown as Database, existing.id);
      });
    }
    return;
  }
  const username =
    !USERNAME_PATTERN.test(account.username) || (await isUsernameTaken(db, account.username))
      ? await deriveUsername(db, `${account.username}@x`)
      : account.username;
  const passwordHash = await hashPassword(account.password);
  await db.transaction(async (tx) => {
    const now = clock.now();
    const user = await insertUser(tx, { email: account.email, username, passwordHash, emailVerified: true, isAdmin: account.role === 'admin' }, now);
    // spec 2 §9 Store: the sample balance 12,500, given through the ledger like any other points.
    if (account.role === 'demo') {
      await credit(tx, { userId: user.id, amount: DEMO_SIGNUP_BONUS, reason: 'signup_bonus', note: 'Demo account', at: now });
    }
  });
  if (account.isGenerated) {
    print(`  ${label}: ${account.email} (username ${username})  password: ${account.password}`);
  }
}

/** Creates the admin and demo accounts at start when absent. */
export async function seedAccounts(db: Database, config: Config, print: (line: string) => void, clock: Clock = systemClock): Promise<void> {
  const accounts = accountsToSeed(config);
  const lines: string[] = [];
  for (const account of accounts) await ensureAccount(db, account, (line) => lines.push(line), clock);
  if (lines.length > 0) {
    const anyNew = lines.some((line) => line.includes('password: '));
    const text = ['', anyNew ? '  Accounts created with generated passwords (shown once; keep them):' : '  Accounts:', ...lines].join('\n');
    // New generated passwords are also kept in DATA_DIR (0600) until the admin first signs in.
    const kept = anyNew ? `\n  Also kept in ${keepFirstLogins(config.dataDir, text)} until the admin first signs in.` : '';
    print(`${text}${kept}\n`);
  }
}

async function seedAccountsPlugin(app: FastifyInstance, opts: { config: Config; print?: (text: string) => void }): Promise<void> {
  await seedAccounts(app.db, opts.config, opts.print ?? ((text) => process.stdout.write(`${text}\n`)), app.clock);
}

export default fp(seedAccountsPlugin, { name: 'seed-accounts', dependencies: ['db'] });
