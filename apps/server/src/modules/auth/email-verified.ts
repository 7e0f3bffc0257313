import type { Tx } from '../../db/tx.ts';
import { payHeldPrizes } from '../giveaways/giveaways-service.ts';
import { releaseHeldCreditsOnVerification } from '../chat/crediting.ts';

/**
 * What an account earned before its e-mail was verified waits for it (as wager credits do) and is
 * paid here, in the transaction that first marks the address verified: the stream points its Kick
 * account holds and the giveaway prizes held for it. Each is claimed by a conditional update, so it
 * is paid once however the verification comes (the link, or a password reset's mail).
 */
export async function payWhatWaitedForVerification(tx: Tx, userId: string, now: Date): Promise<void> {
  await releaseHeldCreditsOnVerification(tx, userId, now);
  await payHeldPrizes(tx, userId, now);
}
