import type { Tx } from '../db/tx.ts';
import { transactionHook } from './hooks.ts';

/**
 * What an account earned before its e-mail was verified waits for it (as wager credits do) and is
 * paid here, in the transaction that first marks the address verified: the chat module registers
 * the stream points its Kick account holds, giveaways the prizes held for it. Each is claimed by a
 * conditional update, so it is paid once however the verification comes (the link, or a password
 * reset's mail).
 */
const emailVerified = transactionHook<[userId: string, now: Date]>();

/** Registers what is paid when an account's e-mail is first verified (from the paying module's plugin). */
export function onEmailVerified(handler: (tx: Tx, userId: string, now: Date) => Promise<unknown>): void {
  emailVerified.register(handler);
}

/** Runs the registered payments, in the transaction that first marks the address verified. */
export async function payWhatWaitedForVerification(tx: Tx, userId: string, now: Date): Promise<void> {
  await emailVerified.run(tx, userId, now);
}
