import { partnerIdOf, partnerName, type AdminCasinoAccount, type LinkCasinoAccountBody, type PartnerId } from '@app/shared/api/casino-accounts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { casinoAccounts, users } from '../../db/schema.ts';
import { isUniqueViolation, type Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { creditAccount, refreshXp } from '../wagers/index.ts';
import { notify, notifyAdmins } from '../notifications/index.ts';
import { adminCasinoAccountPendingText, casinoAccountDecidedText } from '../notifications/index.ts';
import { announceWagersMoved } from '../wagers/index.ts';
import { presentAdminCasinoAccount, presentCasinoAccount } from './casino-account-presenter.ts';
import { accountsWithFigures } from './wager-figures.ts';

function usernameTaken(): AppError {
  return new AppError('CASINO_USERNAME_TAKEN', 'This username is already verified for another account. Contact support if it is yours.');
}

function alreadyLinked(partner: string): AppError {
  return new AppError(
    'CASINO_ACCOUNT_EXISTS',
    `You have already linked a ${partnerName(partner)} username. A username cannot be changed without contacting support.`,
  );
}

async function isVerifiedElsewhere(db: Database | Tx, partner: string, username: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: casinoAccounts.id })
    .from(casinoAccounts)
    .where(
      and(
        eq(casinoAccounts.partner, partner),
        sql`lower(${casinoAccounts.username}) = lower(${username})`,
        eq(casinoAccounts.state, 'verified'),
        ne(casinoAccounts.userId, userId),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/** GET /api/casino-accounts */
export async function listMyAccounts(db: Database, userId: string, now: Date) {
  return (await accountsWithFigures(db, userId, now)).map((row) => presentCasinoAccount(row, now));
}

/** POST /api/casino-accounts: a pending link; one per platform; a username verified for someone else is a 409. */
export async function linkAccount(db: Database, userId: string, body: LinkCasinoAccountBody, now: Date) {
  const partner = partnerIdOf(body.platform) as PartnerId;
  const username = body.username.trim();
  if (await isVerifiedElsewhere(db, partner, username, userId)) throw usernameTaken();
  let id: string;
  try {
    const [row] = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(casinoAccounts)
        .values({ userId, partner, username, createdAt: now, updatedAt: now })
        .returning({ id: casinoAccounts.id });
      await notifyAdmins(tx, {
        ...adminCasinoAccountPendingText(
          (await tx.select({ u: users.username }).from(users).where(eq(users.id, userId)))[0]?.u ?? '',
          partnerName(partner) ?? partner,
          username,
        ),
        at: now,
      });
      return inserted;
    });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, 'casino_accounts_user_partner_idx')) throw alreadyLinked(partner);
    throw error;
  }
  const rows = await accountsWithFigures(db, userId, now);
  return presentCasinoAccount(
    rows.find((r) => r.id === id)!,
    now,
  );
}

/**
 * Profile completion's partner usernames become pending links, for the names that are
 * partner platforms, in the caller's transaction. A platform the user already linked keeps its
 * link (a username is not changed without support), and a username verified for someone else is
 * not claimed; the entry stays in profile_partners as entered either way.
 */
export async function linkProfilePartners(tx: Tx, userId: string, partners: { partner: string; username: string }[], now: Date) {
  let ownerName: string | undefined; // read once, for the first new link's notice
  for (const entry of partners) {
    const partner = partnerIdOf(entry.partner);
    const username = entry.username.trim();
    if (!partner || !username) continue;
    if (await isVerifiedElsewhere(tx, partner, username, userId)) continue;
    const inserted = await tx
      .insert(casinoAccounts)
      .values({ userId, partner, username, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [casinoAccounts.userId, casinoAccounts.partner] })
      .returning({ id: casinoAccounts.id });
    // A new link waits for an admin, as one made through POST /api/casino-accounts does.
    if (inserted.length > 0) {
      ownerName ??= (await tx.select({ username: users.username }).from(users).where(eq(users.id, userId)))[0]?.username ?? '';
      await notifyAdmins(tx, { ...adminCasinoAccountPendingText(ownerName, partnerName(partner) ?? partner, username), at: now });
    }
  }
}

async function assertUserExists(db: Database | Tx, userId: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'That user does not exist.');
}

/** GET /api/admin/users/:id/casino-accounts */
export async function listUserAccountsForAdmin(db: Database, userId: string, now: Date) {
  await assertUserExists(db, userId);
  return (await accountsWithFigures(db, userId, now)).map(presentAdminCasinoAccount);
}

export type Decision = 'verify' | 'reject';

/**
 * POST /api/admin/users/:id/casino-accounts/:aid/verify|reject. Verifying credits the account's
 * stored wagers at once (the same crediting as an import); rejecting a verified account takes its
 * wagers out of XP and future credits (points already credited stay: the ledger is the truth, and
 * an admin revokes through the points call if needed). A username verified for another user is a 409.
 */
export async function decideAccount(
  db: Database,
  input: { userId: string; accountId: string; decision: Decision },
  actor: AuditActor,
  now: Date,
): Promise<{ account: AdminCasinoAccount; points: number }> {
  const state = input.decision === 'verify' ? 'verified' : 'rejected';
  const points = await db
    .transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(casinoAccounts)
        .where(and(eq(casinoAccounts.id, input.accountId), eq(casinoAccounts.userId, input.userId)))
        .for('update');
      if (!account) throw new AppError('NOT_FOUND', 'That casino account does not exist.');
      if (state === 'verified' && (await isVerifiedElsewhere(tx, account.partner, account.username, account.userId))) {
        throw usernameTaken();
      }
      const before = account.state;
      await tx.update(casinoAccounts).set({ state, decidedAt: now, decidedBy: actor.actorId, updatedAt: now }).where(eq(casinoAccounts.id, account.id));
      let pointsCredited = 0;
      if (state === 'verified') pointsCredited = (await creditAccount(tx, account.id, now))?.credited ?? 0;
      else if (before === 'verified') await refreshXp(tx, account.userId, now);
      // A username that starts or stops counting moves the running races at its partner.
      if (before === 'verified' || state === 'verified') await announceWagersMoved(tx, [account.partner], now);
      const platform = partnerName(account.partner);
      await recordAudit(tx, {
        ...actor,
        action: `casino_account.${input.decision}`,
        targetType: 'user',
        targetId: account.userId,
        changes: {
          summary: `${platform} username ${account.username} ${state}${pointsCredited > 0 ? ` (${pointsCredited.toLocaleString('en-US')} points credited)` : ''}`,
          accountId: account.id,
          partner: account.partner,
          username: account.username,
          state: { from: before, to: state },
          pointsCredited,
        },
        at: now,
      });
      await notify(tx, { ...casinoAccountDecidedText(platform ?? account.partner, account.username, state === 'verified'), userId: account.userId, at: now });
      const [owner] = await tx.select({ points: users.points }).from(users).where(eq(users.id, account.userId));
      return owner!.points;
    })
    .catch((error: unknown) => {
      // Two admins verifying the same username for two users at once: the partial unique index decides.
      if (isUniqueViolation(error, 'casino_accounts_verified_owner_idx')) throw usernameTaken();
      throw error;
    });
  const rows = await accountsWithFigures(db, input.userId, now);
  return { account: presentAdminCasinoAccount(rows.find((r) => r.id === input.accountId)!), points };
}
