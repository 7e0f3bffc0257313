/** Display currencies (spec 2 §9 "Currencies and bet feed"): rates relative to USD; NZD is the default. */
export const CURRENCY_CODES = ['USD', 'NZD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'SEK'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export type Currency = { code: CurrencyCode; rate: number };

export const CURRENCIES: readonly Currency[] = [
  { code: 'USD', rate: 1 },
  { code: 'NZD', rate: 1.67 },
  { code: 'EUR', rate: 0.91 },
  { code: 'GBP', rate: 0.78 },
  { code: 'AUD', rate: 1.54 },
  { code: 'CAD', rate: 1.36 },
  { code: 'JPY', rate: 157 },
  { code: 'SEK', rate: 10.6 },
];

export const DEFAULT_CURRENCY: CurrencyCode = 'NZD';

/** The bet feed shows amounts scaled by 50000 × rate. */
export const BET_FEED_SCALE = 50000;

export function isCurrencyCode(code: string): code is CurrencyCode {
  return (CURRENCY_CODES as readonly string[]).includes(code);
}

export function currencyRate(code: CurrencyCode): number {
  return CURRENCIES.find((c) => c.code === code)?.rate ?? 1;
}

/** Formats an amount in a display currency (JPY without decimals). */
export function formatCurrency(amount: number, code: CurrencyCode, locale = 'en-US'): string {
  const digits = code === 'JPY' ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
