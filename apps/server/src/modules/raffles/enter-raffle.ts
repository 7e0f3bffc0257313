import type { EnterRaffleResult } from '@app/shared/api/raffles';
import { levelForXp } from '@app/shared/domain/ranks';
import { eq } from 'drizzle-orm';
import { raffleEntries, raffles, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { debit } from '../../platform/ledger.ts';
import type { RestrictionCheck } from '../../platform/restrictions-guard.ts';
import { announceRaffleEntries } from './announce-entries.ts';
import { presentRaffleEntry, raffleStatus } from './raffle-presenter.ts';
import { raffleNotFound } from './raffle-reads.ts';

/**
 * POST /api/raffles/:id/enter, in the caller's transaction. The raffle row is read FOR SHARE, so a
 * draw (which updates that row) waits for entries in flight and then sees all of them.
 */
export async function enterRaffle(
  tx: Tx,
  input: { userId: string; points: number; raffleId: string; at: Date; restriction: RestrictionCheck },
): Promise<EnterRaffleResult> {
  await input.restriction.assert(tx);
  const [raffle] = await tx.select().from(raffles).where(eq(raffles.id, input.raffleId)).for('share');
  if (!raffle) throw raffleNotFound();
  if (raffleStatus(raffle, input.at) !== 'Active') {
    throw new AppError('RAFFLE_CLOSED', 'This raffle is not open for entries.');
  }
  // The level gate reads XP (lifetime verified wager in dollars, spec 2 §9 ranks), not the points balance.
  if (raffle.restricted && raffle.minLevel !== null) {
    const [user] = await tx.select({ xp: users.xp }).from(users).where(eq(users.id, input.userId));
    if (levelForXp(user?.xp ?? 0).level < raffle.minLevel) {
      throw new AppError('REQUIREMENTS_NOT_MET', 'You do not meet the requirements of this raffle.');
    }
  }
  // The balance read by the auth guard a moment ago is the answer of a free entry (a paid one answers
  // the balance its debit left).
  const [entry] = await tx
    .insert(raffleEntries)
    .values({ raffleId: raffle.id, userId: input.userId, pointsSpent: raffle.pointsCost, createdAt: input.at })
    .onConflictDoNothing()
    .returning();
  // spec 2 §5 Raffle entry: the toast 'Already entered'.
  if (!entry) throw new AppError('ALREADY_ENTERED', 'Already entered');
  let points = input.points;
  if (raffle.pointsCost > 0) {
    const spent = await debit(
      tx,
      {
        userId: input.userId,
        amount: raffle.pointsCost,
        reason: 'raffle_entry',
        refType: 'raffle',
        refId: raffle.id,
        note: raffle.title,
        at: input.at,
      },
      {
        // spec 2 §5 Raffle entry: 'You need {n} pts' (n = the entry cost).
        shortMessage: () => `You need ${raffle.pointsCost.toLocaleString('en-US')} pts`,
      },
    );
    points = spent.balance;
  }
  await announceRaffleEntries(tx, [raffle.id]);
  return { entry: presentRaffleEntry(entry), points };
}
