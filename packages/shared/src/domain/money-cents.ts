/** Bonus-hunt money: integer cents in the API, decimal text in forms and on screen. */

const MONEY_PATTERN = /^\s*(\d{1,10})(?:[.,](\d{1,2}))?\s*$/;

/** "12.3" → 1230 cents; null when the text is not an amount with at most two decimals. */
export function parseCents(text: string): number | null {
  const match = MONEY_PATTERN.exec(text.replace(/[$€£,](?=\d{3}\b)|^[$€£]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 123456 cents in USD → "$1,234.56". */
export function formatCents(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/** A multiple as "12.34×", or "–" when there is none. */
export function formatX(x: number | null): string {
  return x === null ? '–' : `${x.toFixed(2)}×`;
}
