/**
 * Limbo (spec 2 §2, §4 Limbo, §5 Games, §9 Games): pick a target multiplier; the provably-fair
 * result climbs into view and wins when it reaches the target. No server bet and no balance.
 */
import { useId, useRef, useState } from 'react';
import { limboResult } from '@app/shared/fairness/outcomes';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { recordBet } from '../bets/bet-store';
import { BET_AMOUNT_ERROR, toAmount } from '../bets/bet-amount';
import { GameBetAmountField, GameProfitOnWinField } from '../components/bet-amount-field';
import { GameControls } from '../components/game-controls';
import { BoardPanel, GameLayout } from '../components/game-panels';
import { RecentResults } from '../components/recent-results';
import { useRoundAnimation } from '../hooks/use-round-animation';
import { takeRound } from '../fairness/fairness-store';
import { useGameCurrency } from '../game-context';
import { useBetForm } from '../hooks/use-bet-form';
import { useLinkedNumber } from '../hooks/use-linked-number';
import { LIMBO_DEFAULTS, canBet, chanceForMultiplier, isLimboWin, limboDisplayAt, limboProfit, multiplierForChance } from './limbo-rules';
import { formatMultiplier } from '../format';

type Round = { result: number; target: number; bet: number; nonce: number; win: boolean };
const HISTORY_SIZE = 10;

export default function LimboGame() {
  const { code } = useGameCurrency();
  const form = useBetForm();
  const [showBetError, setShowBetError] = useState(false);
  const [target, setTarget] = useState(LIMBO_DEFAULTS.multiplier);
  const [chance, setChance] = useState(LIMBO_DEFAULTS.chance);
  const [display, setDisplay] = useState(1);
  const [round, setRound] = useState<Round | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const [history, setHistory] = useState<Array<Round & { id: number }>>([]);
  const roundCounter = useRef(0);
  const playRound = useRoundAnimation();

  const isAmountValid = canBet(form.amount, false);
  const betError = showBetError && !isAmountValid ? BET_AMOUNT_ERROR : null;

  function play() {
    if (!canBet(form.amount, isRunning)) {
      if (!isRunning) setShowBetError(true);
      return;
    }
    setShowBetError(false);
    const bet = Number(form.amount);
    const seeds = takeRound();
    const result = limboResult(seeds);
    const win = isLimboWin(result, target);
    const next: Round = { result, target, bet, nonce: seeds.nonce, win };

    setRound(null);
    setIsRunning(true);
    playRound({
      finish: () => {
        recordBet({ game: 'limbo', amount: bet, multiplier: win ? target : 0, payout: win ? bet * target : 0, win, nonce: seeds.nonce, currency: code });
        roundCounter.current += 1;
        const id = roundCounter.current;
        setDisplay(result);
        setRound(next);
        setHistory((h) => [{ ...next, id }, ...h].slice(0, HISTORY_SIZE));
        setIsRunning(false);
      },
      beforeFrames: () => setDisplay(1),
      onFrame: (elapsed) => {
        const { value, isDone } = limboDisplayAt(elapsed, result);
        if (!isDone) setDisplay(value);
        return isDone;
      },
    });
  }

  const profitOnWin = limboProfit(toAmount(form.amount), target);

  const fields = (
    <>
      <GameBetAmountField form={form} disabled={isRunning} error={betError} />
      <GameProfitOnWinField value={profitOnWin.toFixed(8)} />
    </>
  );

  return (
    <GameLayout>
      <GameControls label="Limbo controls" form={form} fields={fields} play={{ children: 'Bet', isBusy: isRunning, busyText: 'Rolling...', onClick: play }} />

      <BoardPanel label="Limbo" className="justify-between gap-6 p-4 sm:p-6">
        <RecentResults
          label="Recent results"
          items={history.map((h) => ({ id: h.id, text: formatMultiplier(h.result), tone: h.win ? 'success' : 'muted', srText: h.win ? ' win' : ' loss' }))}
        />

        <div className="flex flex-col items-center gap-2 text-center">
          <output
            aria-label="Result"
            aria-live="off"
            className={cn('text-6xl font-bold tabular-nums sm:text-8xl', round === null ? 'text-foreground' : round.win ? 'text-success' : 'text-destructive')}
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
      </BoardPanel>
    </GameLayout>
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
  const linked = useLinkedNumber(value, format, onValue);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="number" step={step} min={min} disabled={disabled} aria-describedby={`${id}-hint`} {...linked.inputProps} />
      <p id={`${id}-hint`} className={cn('text-xs', linked.isInvalid ? 'text-destructive' : 'text-muted-foreground')}>
        {hint}
      </p>
    </div>
  );
}
