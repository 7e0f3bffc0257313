import { transactionHook } from '../../platform/hooks.ts';

/** A hunt that moved to opening or finished, as the modules above bonus-hunts hear it. */
export type HuntStatusChange = {
  huntId: string;
  status: 'opening' | 'finished';
  startBalance: number;
  /** The sum of the wins once finished; null while opening. */
  finalBalance: number | null;
  at: Date;
};

/**
 * Announced in the status change's transaction (open-hunt.ts, finish-hunt.ts): a module above
 * bonus-hunts (predictions: "Will this hunt profit?") registers what follows, so bonus-hunts
 * imports none of them (platform/hooks.ts).
 */
export const onHuntStatusChanged = transactionHook<[HuntStatusChange]>();
