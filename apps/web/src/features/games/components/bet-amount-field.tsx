import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { doubleAmount, halveAmount } from '../bets/bet-amount';
import { useGameCurrency } from '../game-context';
import type { BetForm } from '../hooks/use-bet-form';

/** A label with the currency code on the right, as above the amount fields of every game. */
export function CurrencyLabel({ htmlFor, currency, children }: { htmlFor: string; currency: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between">
      <Label htmlFor={htmlFor}>{children}</Label>
      <span className="text-xs text-muted-foreground">{currency}</span>
    </div>
  );
}

/**
 * "Bet Amount" with the ½ and 2× buttons (to 8 decimals). `error`, when given, is shown below as an alert
 * and marks the input invalid; `maxAmount` adds a Max button after 2× that sets the game's largest bet.
 */
export function BetAmountField({
  id,
  currency,
  value,
  onValueChange,
  disabled,
  error,
  maxAmount,
}: {
  /** The input's id; the error text gets `${id}-error`. */
  id: string;
  currency: string;
  value: string;
  onValueChange: (value: string) => void;
  disabled: boolean;
  error?: string | null;
  maxAmount?: string;
}) {
  return (
    <div className="space-y-1.5">
      <CurrencyLabel htmlFor={id} currency={currency}>
        Bet Amount
      </CurrencyLabel>
      <div className="flex gap-1">
        <Input
          id={id}
          inputMode="decimal"
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onValueChange(e.target.value)}
        />
        <Button
          variant="secondary"
          size="sm"
          className="h-9"
          disabled={disabled}
          aria-label="½ Half bet amount"
          onClick={() => onValueChange(halveAmount(value))}
        >
          ½
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="h-9"
          disabled={disabled}
          aria-label="2× Double bet amount"
          onClick={() => onValueChange(doubleAmount(value))}
        >
          2×
        </Button>
        {maxAmount !== undefined && (
          <Button variant="secondary" size="sm" className="h-9" disabled={disabled} onClick={() => onValueChange(maxAmount)}>
            Max
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The read-only "Profit on Win" field, in the display currency. */
export function ProfitOnWinField({ id, currency, value }: { id: string; currency: string; value: string }) {
  return (
    <div className="space-y-1.5">
      <CurrencyLabel htmlFor={id} currency={currency}>
        Profit on Win
      </CurrencyLabel>
      <Input id={id} value={value} readOnly />
    </div>
  );
}

/**
 * A game's "Bet Amount": its form's text and setter, in the page's display currency. Every game's controls start
 * with it, so the field's wiring is written once here.
 */
export function GameBetAmountField({
  form,
  disabled,
  error,
  maxAmount,
}: {
  form: Pick<BetForm<string>, 'amount' | 'setAmount'>;
  disabled: boolean;
  error?: string | null;
  maxAmount?: string;
}) {
  const id = useId();
  const { code } = useGameCurrency();
  return <BetAmountField id={id} currency={code} value={form.amount} onValueChange={form.setAmount} disabled={disabled} error={error} maxAmount={maxAmount} />;
}

/** A game's "Profit on Win" (already formatted), in the page's display currency. */
export function GameProfitOnWinField({ value }: { value: string }) {
  const id = useId();
  const { code } = useGameCurrency();
  return <ProfitOnWinField id={id} currency={code} value={value} />;
}
