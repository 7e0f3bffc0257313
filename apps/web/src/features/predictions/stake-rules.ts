import type { Prediction } from '@app/shared/api/predictions';

/**
 * Why a stake cannot be sent as typed (the server's own rules, said before it answers): null when
 * it can. `balance` is the member's points.
 */
export function stakeProblem(prediction: Prediction, outcomeId: string | null, amount: number, balance: number): string | null {
  if (prediction.status !== 'open') return 'Staking has closed on this prediction.';
  if (!outcomeId) return 'Choose an outcome.';
  const own = prediction.myStake;
  if (own && own.outcomeId !== outcomeId) return 'You have staked on another outcome: one outcome per prediction.';
  if (!Number.isInteger(amount) || amount <= 0) return 'Enter a whole number of points.';
  if (amount < prediction.minStake || amount > prediction.maxStake) return `A stake is ${fmt(prediction.minStake)} to ${fmt(prediction.maxStake)} points.`;
  const room = prediction.maxStake - (own?.amount ?? 0);
  if (amount > room) return `Your stake would pass the maximum of ${fmt(prediction.maxStake)} points: add at most ${fmt(Math.max(0, room))}.`;
  if (amount > balance) return `You need ${fmt(amount - balance)} more points for this stake.`;
  return null;
}

export const fmt = (n: number) => n.toLocaleString('en-US');
