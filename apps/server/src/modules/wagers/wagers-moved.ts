import type { Tx } from '../../db/tx.ts';
import { transactionHook } from '../../platform/hooks.ts';

/**
 * "The counted wagers at these partners moved" (new wager values stored, or a casino username that
 * starts or stops counting), announced in the transaction of the change. The races module
 * registers the refresh of its running races' kept standings, so wagers and casino accounts do not
 * import races.
 */
const wagersMoved = transactionHook<[partners: readonly string[], at: Date]>();

/** Registers what follows a move of the counted wagers (the races' standings, from the races plugin). */
export function onWagersMoved(handler: (tx: Tx, partners: readonly string[], at: Date) => Promise<unknown>): void {
  wagersMoved.register(handler);
}

/** Announces that the counted wagers at `partners` moved, in the transaction of the change. */
export async function announceWagersMoved(tx: Tx, partners: readonly string[], at: Date): Promise<void> {
  if (partners.length === 0) return;
  await wagersMoved.run(tx, partners, at);
}
