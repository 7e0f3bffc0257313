/**
 * Limbo (spec 2 §2, §4 Limbo, §5 Games, §9 Games; issue 4): pick a target multiplier; the provably-fair
 * result climbs into view and wins when it reaches the target. No server bet and no balance.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { limboResult } from '@app/shared/fairness/outcomes';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { recordBet } from '../bets/bet-store';
import { takeRound } from '../fairness/fairness-store';
import { useGameCurrency } from '../game-context';
import {
  LIMBO_DEFAULTS,
  canBet,
  chanceForMultiplier,
  formatMultiplier,
  isLimboWin,
  limboDisplayAt,
  limboProfit,
  multiplierForChance,
} from './limbo-rules';

type Round = { result: number; target: number; bet: number; nonce: number; win: boolean };
const HISTORY_SIZE = 10;

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function toAmount(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export default function LimboGame() {
  const { code } = useGameCurrency();
  const ids = useId();
  const [amount, setAmount] = useState('0.00000000');
  const [showBetError, setShowBetError] = useState(false);
  const [target, setTarget] = useState(LIMBO_DEFAULTS.multiplier);
  const [chance, setChance] = useState(LIMBO_DEFAULTS.chance);
  const [display, setDisplay] = useState(1);
  const [round, setRound] = useState<Round | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const [history, setHistory] = useState<Array<Round & { id: number }>>([]);
  const frameRef = useRef<number | null>(null);
  const finishRef = useRef<(() => void) | null>(null);
  const roundCounter = useRef(0);

  useEffect(
    () => () => {
      if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
      // Leaving mid-animation still settles the round that was played.
      finishRef.current?.();
    },
    [],
  );

  const isAmountValid = canBet(amount, false);
  const betError = showBetError && !isAmountValid ? 'Enter a bet amount greater than 0.' : null;

  function play() {
    if (!canBet(amount, isRunning)) {
      if (!isRunning) setShowBetError(true);
      return;
    }
    setShowBetError(false);
    const bet = Number(amount);
    const seeds = takeRound();
    const result = limboResult(seeds);
    const win = isLimboWin(result, target);
    const next: Round = { result, target, bet, nonce: seeds.nonce, win };

    let isFinished = false;
    const finish = () => {
      if (isFinished) return;
      isFinished = true;
      finishRef.current = null;
      frameRef.current = null;
      recordBet({ game: 'limbo', amount: bet, multiplier: win ? target : 0, payout: win ? bet * target : 0, win, nonce: seeds.nonce, currency: code });
      roundCounter.current += 1;
      const id = roundCounter.current;
      setDisplay(result);
      setRound(next);
      setHistory((h) => [{ ...next, id }, ...h].slice(0, HISTORY_SIZE));
      setIsRunning(false);
    };
    finishRef.current = finish;
    setRound(null);
    setIsRunning(true);

    if (prefersReducedMotion()) {
      finish();
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const { value, isDone } = limboDisplayAt(now - start, result);
      if (isDone) {
        finish();
        return;
      }
      setDisplay(value);
      frameRef.current = requestAnimationFrame(step);
    };
    setDisplay(1);
    frameRef.current = requestAnimationFrame(step);
  }

  const profitOnWin = limboProfit(toAmount(amount), target);

  return (
    <div className="flex min-h-full flex-col gap-3 p-2 sm:p-3 lg:h-full lg:flex-row">
      <section aria-label="Limbo controls" className="flex w-full shrink-0 flex-col gap-4 rounded-xl border bg-card p-4 lg:w-80 lg:overflow-y-auto">
        <div className="space-y-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor={`${ids}-amount`}>Bet Amount</Label>
            <span className="text-xs text-muted-foreground">{code}</span>
          </div>
          <div className="flex gap-1">
            <Input
              id={`${ids}-amount`}
              inputMode="decimal"
              value={amount}
              disabled={isRunning}
              aria-invalid={betError ? true : undefined}
              aria-describedby={betError ? `${ids}-amount-error` : undefined}
              onChange={(e) => setAmount(e.target.value)}
            />
            <Button variant="secondary" size="sm" className="h-9" disabled={isRunning} aria-label="Half bet amount" onClick={() => setAmount((toAmount(amount) / 2).toFixed(8))}>
              ½
            </Button>
            <Button variant="secondary" size="sm" className="h-9" disabled={isRunning} aria-label="Double bet amount" onClick={() => setAmount((toAmount(amount) * 2).toFixed(8))}>
              2×
            </Button>
          </div>
          {betError && (
            <p id={`${ids}-amount-error`} role="alert" className="text-sm text-destructive">
              {betError}
            </p>
          )}
        </div>
        <div className="space-y-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor={`${ids}-profit`}>Profit on Win</Label>
            <span className="text-xs text-muted-foreground">{code}</span>
          </div>
          <Input id={`${ids}-profit`} value={profitOnWin.toFixed(8)} readOnly />
        </div>
        <Button className="w-full" size="lg" disabled={isRunning} onClick={play}>
          {isRunning ? 'Rolling...' : 'Bet'}
        </Button>
      </section>

      <section aria-label="Limbo" className="order-first flex flex-1 flex-col lg:min-h-0 lg:overflow-y-auto justify-between gap-6 rounded-xl border bg-muted/40 p-4 sm:p-6 lg:order-none">
        <ol aria-label="Recent results" className="flex min-h-8 flex-wrap justify-end gap-1.5">
          {history.map((h) => (
            <li
              key={h.id}
              className={cn(
                'rounded-md px-2 py-1 font-mono text-xs font-semibold tabular-nums',
                h.win ? 'bg-success/15 text-success' : 'bg-muted text-muted-foreground',
              )}
            >
              {formatMultiplier(h.result)}
              <span className="sr-only">{h.win ? ' win' : ' loss'}</span>
            </li>
          ))}
        </ol>

        <div className="flex flex-col items-center gap-2 text-center">
          <output
            aria-label="Result"
            aria-live="off"
            className={cn(
              'text-6xl font-bold tabular-nums sm:text-8xl',
              round === null ? 'text-foreground' : round.win ? 'text-success' : 'text-destructive',
            )}
          >
            {formatMultiplier(display)}
          </output>
          <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
            {round === null
              ? isRunning
                ? ''
                : `Target ${formatMultiplier(target)}`
              : round.win
                ? `Win · profit ${limboProfit(round.bet, round.target).toFixed(8)} ${code} · nonce ${round.nonce}`
                : `Loss · target ${formatMultiplier(round.target)} · nonce ${round.nonce}`}
          </p>
        </div>

        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <LinkedNumberField
            label="Target Multiplier"
            value={target}
            step="0.01"
            min="1.01"
            format={(v) => v.toFixed(2)}
            disabled={isRunning}
            hint="At least 1.01"
            onValue={(v) => {
              const c = chanceForMultiplier(v);
              if (c === null) return false;
              setTarget(Math.round(v * 100) / 100);
              setChance(c);
              return true;
            }}
          />
          <LinkedNumberField
            label="Win Chance (%)"
            value={chance}
            step="0.1"
            min="0.0001"
            format={(v) => String(Number(v.toFixed(4)))}
            disabled={isRunning}
            hint="Up to 98.0198"
            onValue={(v) => {
              const m = multiplierForChance(v);
              if (m === null) return false;
              setChance(v);
              setTarget(m);
              return true;
            }}
          />
        </div>
      </section>
    </div>
  );
}

/** A number input linked to another: a valid entry updates both at once; leaving shows the canonical value. */
function LinkedNumberField({
  label,
  value,
  step,
  min,
  format,
  disabled,
  hint,
  onValue,
}: {
  label: string;
  value: number;
  step: string;
  min: string;
  format: (v: number) => string;
  disabled: boolean;
  hint: string;
  onValue: (v: number) => boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [isInvalid, setIsInvalid] = useState(false);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        step={step}
        min={min}
        value={draft ?? format(value)}
        disabled={disabled}
        aria-invalid={isInvalid ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = Number(e.target.value);
          setIsInvalid(!(e.target.value.trim() !== '' && Number.isFinite(n) && onValue(n)));
        }}
        onBlur={() => {
          setDraft(null);
          setIsInvalid(false);
        }}
      />
      <p id={`${id}-hint`} className={cn('text-xs', isInvalid ? 'text-destructive' : 'text-muted-foreground')}>
        {hint}
      </p>
    </div>
  );
}
