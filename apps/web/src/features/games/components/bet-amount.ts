/** Bet amount text helpers shared by the game screens (amounts are typed in the display currency). */

/** The typed amount as a number: anything that is not a finite number above 0 counts as 0. */
export function toAmount(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Half of the typed amount, to 8 decimals. */
export function halveAmount(text: string): string {
  return (toAmount(text) / 2).toFixed(8);
}

/** Twice the typed amount, to 8 decimals. */
export function doubleAmount(text: string): string {
  return (toAmount(text) * 2).toFixed(8);
}
