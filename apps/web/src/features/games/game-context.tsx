/**
 * What the game page gives every game: the display currency (toolbar dropdown, spec 2 §9; NZD by default).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_CURRENCY, currencyRate, formatCurrency, isCurrencyCode, type CurrencyCode } from '@app/shared/games/currencies';

export const CURRENCY_STORAGE_KEY = 'game-currency';

type GameCurrency = {
  code: CurrencyCode;
  /** Units of this currency per USD. */
  rate: number;
  setCurrency(code: CurrencyCode): void;
  /** Formats an amount already in this currency. */
  format(amount: number): string;
  /** Converts an amount from another display currency into this one. */
  convert(amount: number, from: CurrencyCode): number;
};

const GameCurrencyContext = createContext<GameCurrency | null>(null);

function initialCurrency(): CurrencyCode {
  try {
    const saved = globalThis.localStorage?.getItem(CURRENCY_STORAGE_KEY);
    if (saved && isCurrencyCode(saved)) return saved;
  } catch {
    // storage blocked
  }
  return DEFAULT_CURRENCY;
}

export function GameProvider({ children, initial }: { children: ReactNode; initial?: CurrencyCode }) {
  const [code, setCode] = useState<CurrencyCode>(() => initial ?? initialCurrency());
  const setCurrency = useCallback((next: CurrencyCode) => {
    setCode(next);
    try {
      globalThis.localStorage?.setItem(CURRENCY_STORAGE_KEY, next);
    } catch {
      // storage blocked
    }
  }, []);
  const value = useMemo<GameCurrency>(() => {
    const rate = currencyRate(code);
    return {
      code,
      rate,
      setCurrency,
      format: (amount) => formatCurrency(amount, code),
      convert: (amount, from) => (from === code ? amount : (amount / currencyRate(from)) * rate),
    };
  }, [code, setCurrency]);
  return <GameCurrencyContext.Provider value={value}>{children}</GameCurrencyContext.Provider>;
}

/** The display currency chosen in the game page toolbar. Outside a GameProvider: NZD, not changeable. */
export function useGameCurrency(): GameCurrency {
  const ctx = useContext(GameCurrencyContext);
  return ctx ?? FALLBACK;
}

const FALLBACK: GameCurrency = {
  code: DEFAULT_CURRENCY,
  rate: currencyRate(DEFAULT_CURRENCY),
  setCurrency: () => {},
  format: (amount) => formatCurrency(amount, DEFAULT_CURRENCY),
  convert: (amount, from) => (amount / currencyRate(from)) * currencyRate(DEFAULT_CURRENCY),
};
