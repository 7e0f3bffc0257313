/** The bet amount every game reads from its text field (amounts are typed in the display currency). */

/** spec 1 §5, spec 2 §5: what a game says when the amount is empty, not a number, or not above 0. */
export const BET_AMOUNT_ERROR = 'Enter a bet amount greater than 0.';

/** spec 1 §5, spec 2 §5: a bet must be filled and a number above 0. Returns the amount, or null when it is not. */
export function parseBetAmount(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The typed amount as a number, for what is shown before a bet (profit on win): an invalid amount counts as 0. */
export function toAmount(text: string): number {
  return parseBetAmount(text) ?? 0;
}

/** spec 1 §4: half of the typed amount, to 8 decimals. */
export function halveAmount(text: string): string {
  return (toAmount(text) / 2).toFixed(8);
}

/** spec 1 §4: twice the typed amount, to 8 decimals. */
export function doubleAmount(text: string): string {
  return (toAmount(text) * 2).toFixed(8);
}
