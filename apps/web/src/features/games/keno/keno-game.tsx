/**
 * Keno (spec 2 §2, §4 Keno, §5 Games, §9 Games): pick 1 to 10 of 40 numbers; the provably-fair
 * draw of ten numbers appears one by one and pays from the table for the risk and pick count.
 * No server bet and no balance.
 */
import { useId, useState } from 'react';
import { kenoDraw } from '@app/shared/fairness/outcomes';
import { KENO_RISKS, KENO_RISK_LABELS, type KenoRisk } from '@app/shared/fairness/payouts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { BET_AMOUNT_ERROR } from '../bets/bet-amount';
import { recordBet } from '../bets/bet-store';
import { GameBetAmountField } from '../components/bet-amount-field';
import { GameControls } from '../components/game-controls';
import { BoardPanel, GameLayout } from '../components/game-panels';
import { SelectField, optionsOf } from '../components/select-field';
import { useBetForm } from '../hooks/use-bet-form';
import { useRoundAnimation } from '../hooks/use-round-animation';
import { takeRound } from '../fairness/fairness-store';
import { useGameCurrency } from '../game-context';
import { KENO_MAX_BET, KENO_NUMBERS, autoPick, canBet, payoutRow, pickHint, settleKeno, togglePick, type KenoSettlement } from './keno-rules';
import { formatMultiplier } from '../format';

/** One drawn number appears every this many ms. */
export const KENO_REVEAL_MS = 150;

type Draw = { drawn: number[]; picks: number[]; risk: KenoRisk; bet: number; nonce: number; settlement: KenoSettlement };

const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
const RISK_OPTIONS = optionsOf(KENO_RISKS, KENO_RISK_LABELS);

export default function KenoGame() {
  const { code } = useGameCurrency();
  const ids = useId();
  const form = useBetForm();
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const [picks, setPicks] = useState<number[]>([]);
  const [draw, setDraw] = useState<Draw | null>(null);
  const [shown, setShown] = useState(0);
  const [isDrawing, setIsDrawing] = useState(false);
  const playRound = useRoundAnimation();

  function changePicks(next: number[]) {
    setPicks(next);
    // A new selection starts a new board: the last draw's marks would mislead.
    setDraw(null);
    setShown(0);
  }

  function changeRisk(next: string) {
    setRisk(next as KenoRisk);
    setDraw(null);
  }

  function play() {
    if (isDrawing || picks.length === 0) return;
    if (!canBet(picks, form.amount, false)) {
      form.setError(BET_AMOUNT_ERROR);
      return;
    }
    form.setError(null);
    const bet = Number(form.amount);
    const seeds = takeRound();
    const drawn = kenoDraw(seeds);
    const settlement = settleKeno(bet, risk, picks, drawn);
    const round: Draw = { drawn, picks: [...picks], risk, bet, nonce: seeds.nonce, settlement };

    setDraw(round);
    setIsDrawing(true);
    playRound({
      finish: () => {
        recordBet({
          game: 'keno',
          amount: bet,
          multiplier: settlement.multiplier,
          payout: settlement.payout,
          win: settlement.win,
          nonce: seeds.nonce,
          currency: code,
        });
        setShown(drawn.length);
        setIsDrawing(false);
      },
      beforeFrames: () => setShown(0),
      onFrame: (elapsed) => {
        const count = Math.min(drawn.length, Math.floor(elapsed / KENO_REVEAL_MS) + 1);
        if (count >= drawn.length) return true;
        setShown(count);
        return false;
      },
    });
  }

  const visibleDrawn = draw ? draw.drawn.slice(0, shown) : [];
  const isComplete = draw !== null && !isDrawing;
  const row = payoutRow(risk, picks.length);
  const hitsSoFar = draw ? visibleDrawn.filter((d) => draw.picks.includes(d)).length : 0;

  const fields = (
    <>
      <GameBetAmountField form={form} disabled={isDrawing} maxAmount={KENO_MAX_BET} />
      <SelectField id={`${ids}-risk`} label="Risk" value={risk} options={RISK_OPTIONS} disabled={isDrawing} onValueChange={changeRisk} />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" disabled={isDrawing} onClick={() => changePicks(autoPick(Math.random))}>
          Auto Pick
        </Button>
        <Button variant="secondary" disabled={isDrawing || picks.length === 0} onClick={() => changePicks([])}>
          Clear
        </Button>
      </div>
      <p id={`${ids}-hint`} aria-live="polite" className="text-sm text-muted-foreground">
        {pickHint(picks.length)}
      </p>
    </>
  );

  return (
    <GameLayout>
      <GameControls
        label="Keno controls"
        form={form}
        fields={fields}
        play={{ children: 'Bet', isBusy: isDrawing, busyText: 'Drawing...', disabled: picks.length === 0, 'aria-describedby': `${ids}-hint`, onClick: play }}
      />

      <BoardPanel label="Keno" className="gap-4 p-3 sm:p-6">
        <div role="group" aria-label="Keno board" className="grid grid-cols-8 gap-1.5 sm:gap-2">
          {NUMBERS.map((n) => {
            const isPicked = picks.includes(n);
            const isDrawn = visibleDrawn.includes(n);
            const isHit = isPicked && isDrawn;
            return (
              <button
                key={n}
                type="button"
                aria-pressed={isPicked}
                disabled={isDrawing}
                data-drawn={isDrawn || undefined}
                data-hit={isHit || undefined}
                onClick={() => {
                  const next = togglePick(picks, n);
                  if (next.length !== picks.length) changePicks(next);
                }}
                className={cn(
                  'flex aspect-square items-center justify-center rounded-md border text-sm font-semibold tabular-nums transition-colors sm:text-base',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-default',
                  isHit
                    ? 'border-success bg-success text-white dark:text-background'
                    : isPicked
                      ? 'border-primary bg-primary text-primary-foreground'
                      : isDrawn
                        ? 'border-destructive/60 bg-destructive/15 text-destructive'
                        : 'bg-card hover:bg-accent',
                )}
              >
                {n}
              </button>
            );
          })}
        </div>

        {row.length > 0 && (
          <ol aria-label={`Payouts for ${picks.length} picks`} className="flex flex-wrap gap-1 text-xs tabular-nums">
            {row.map((m, hits) => (
              <li
                key={hits}
                className={cn(
                  'flex min-w-14 flex-1 flex-col items-center rounded-md border bg-card px-1 py-1',
                  isComplete && draw?.settlement.hits === hits && draw.picks.length === picks.length && 'border-success text-success',
                )}
              >
                <span className="font-semibold">{formatMultiplier(m)}</span>
                <span className="text-muted-foreground">{hits} hits</span>
              </li>
            ))}
          </ol>
        )}

        <div className="flex flex-col gap-2">
          <ol aria-label="Drawn numbers" className="flex min-h-9 flex-wrap gap-1.5">
            {visibleDrawn.map((d) => (
              <li
                key={d}
                className={cn(
                  'flex size-9 items-center justify-center rounded-full text-sm font-semibold tabular-nums',
                  draw?.picks.includes(d) ? 'bg-success text-white dark:text-background' : 'bg-card',
                )}
              >
                {d}
              </li>
            ))}
          </ol>
          <p aria-live="polite" className="min-h-5 text-sm">
            {isComplete && draw
              ? `${draw.settlement.hits} of ${draw.picks.length} hit · ${formatMultiplier(draw.settlement.multiplier)} · payout ${draw.settlement.payout.toFixed(8)} ${code} · nonce ${draw.nonce}`
              : isDrawing
                ? `${hitsSoFar} hits so far`
                : ''}
          </p>
        </div>
      </BoardPanel>
    </GameLayout>
  );
}
