import { useState } from 'react';
import { BET_AMOUNT_ERROR, parseBetAmount } from '../bets/bet-amount';
import type { ManualAutoMode } from '../components/game-controls';

export type BetForm<M extends string> = {
  /** The "Bet Amount" field's text. */
  amount: string;
  setAmount: (text: string) => void;
  /** The form's error, shown between the controls' fields and buttons until the next try or a change of mode. */
  error: string | null;
  setError: (message: string | null) => void;
  /** The bet amount, or null after saying why it cannot be bet. */
  readBet: () => number | null;
  /** The open play mode (Manual, Auto, ...). */
  mode: M;
  /** Opens another play mode; the error of the last one goes. */
  setMode: (mode: M) => void;
};

/** The state every game's controls start from: no amount, no error, the first play mode. */
export function useBetForm<M extends string = ManualAutoMode>(initialMode: M = 'manual' as M): BetForm<M> {
  const [amount, setAmount] = useState('0.00000000');
  const [error, setError] = useState<string | null>(null);
  const [mode, setModeState] = useState(initialMode);
  return {
    amount,
    setAmount,
    error,
    setError,
    readBet() {
      const value = parseBetAmount(amount);
      setError(value === null ? BET_AMOUNT_ERROR : null);
      return value;
    },
    mode,
    setMode(next) {
      setModeState(next);
      setError(null);
    },
  };
}
