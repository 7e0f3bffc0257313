/**
 * Crash (spec 2 §2, §4 Crash, §5 Games, §9 Games): the multiplier rises along a curve until the
 * provably-fair crash point; cash out before it, by hand or at the cash-out-at value. No server bet, no balance.
 */
import { useEffect, useRef, useState } from 'react';
import { crashPoint } from '@app/shared/fairness/outcomes';
import { cn } from '@/lib/utils';
import { recordBet } from '../bets/bet-store';
import { toAmount } from '../bets/bet-amount';
import { GameBetAmountField, GameProfitOnWinField } from '../components/bet-amount-field';
import { GameControls } from '../components/game-controls';
import { BoardPanel, GameLayout } from '../components/game-panels';
import { PlayButton } from '../components/play-button';
import { TextField } from '../components/text-field';
import { RecentResults } from '../components/recent-results';
import { takeRound } from '../fairness/fairness-store';
import { useGameCurrency } from '../game-context';
import { useBetForm } from '../hooks/use-bet-form';
import { useRoundAnimation, type EndRound } from '../hooks/use-round-animation';
import {
  CRASH_DEFAULT_CASH_OUT,
  crashCurveAt,
  crashCurveExact,
  crashProfit,
  crashTimeFor,
  parseCashOut,
  settleCrash,
  type CrashSettlement,
} from './crash-rules';
import { formatMultiplier } from '../format';

type Phase = 'idle' | 'running' | 'done';
type Finished = CrashSettlement & { bet: number; nonce: number; profit: number };
type CurveState = { elapsed: number; value: number; tone: 'primary' | 'success' | 'destructive' };
/** The round under way: the multiplier shown last, and where Cash Out stopped it. */
type OpenRound = { current: number; cashedOutAt: number | null; end: EndRound };

const HISTORY_SIZE = 10;

/** Draws the rising curve up to `elapsed` ms; the axes grow with it (at least 4 s and 2×). */
function drawCurve(canvas: HTMLCanvasElement | null, state: CurveState) {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return;
  const ratio = globalThis.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (width === 0 || height === 0) return;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);

  const styles = getComputedStyle(document.documentElement);
  const color = styles.getPropertyValue(`--${state.tone}`).trim() || '#7c3aed';
  const grid = styles.getPropertyValue('--border').trim() || '#ccc';
  const pad = 12;
  const maxT = Math.max(4000, state.elapsed);
  const maxM = Math.max(2, state.value * 1.1);
  const x = (t: number) => pad + (t / maxT) * (width - 2 * pad);
  const y = (m: number) => height - pad - ((m - 1) / (maxM - 1)) * (height - 2 * pad);

  ctx.strokeStyle = grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(pad, pad);
  ctx.lineTo(pad, height - pad);
  ctx.lineTo(width - pad, height - pad);
  ctx.stroke();

  const samples = 90;
  ctx.beginPath();
  ctx.moveTo(x(0), y(1));
  for (let i = 1; i <= samples; i += 1) {
    const t = (state.elapsed * i) / samples;
    ctx.lineTo(x(t), y(Math.min(crashCurveExact(t), state.value)));
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.stroke();
  ctx.lineTo(x(state.elapsed), y(1));
  ctx.closePath();
  ctx.globalAlpha = 0.15;
  ctx.fillStyle = color;
  ctx.fill();
  ctx.globalAlpha = 1;
}

export default function CrashGame() {
  const { code } = useGameCurrency();
  const form = useBetForm();
  const [cashOutText, setCashOutText] = useState(CRASH_DEFAULT_CASH_OUT.toFixed(2));
  const [phase, setPhase] = useState<Phase>('idle');
  const [display, setDisplay] = useState(1);
  const [finished, setFinished] = useState<Finished | null>(null);
  const [history, setHistory] = useState<Array<{ id: number; crashPoint: number; win: boolean }>>([]);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const curveRef = useRef<CurveState>({ elapsed: 0, value: 1, tone: 'primary' });
  const roundRef = useRef<OpenRound | null>(null);
  const counter = useRef(0);
  const playRound = useRoundAnimation();

  useEffect(() => {
    const canvas = canvasRef.current;
    drawCurve(canvas, curveRef.current);
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => drawCurve(canvas, curveRef.current));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  function start() {
    if (phase === 'running') return;
    const bet = form.readBet();
    const cashOutAt = parseCashOut(cashOutText);
    if (bet === null) return;
    if (cashOutAt === null) {
      form.setError('Cash out at must be at least 1.01.');
      return;
    }
    const seeds = takeRound();
    const point = crashPoint(seeds);
    const round: OpenRound = { current: 1, cashedOutAt: null, end: () => {} };

    setFinished(null);
    setPhase('running');
    setDisplay(1);
    curveRef.current = { elapsed: 0, value: 1, tone: 'primary' };
    roundRef.current = round;
    round.end = playRound({
      // Leaving mid-round ends it too: with the cash-out-at value if the crash point reaches it.
      finish: () => {
        if (roundRef.current === round) roundRef.current = null;
        const settlement = settleCrash(point, cashOutAt, round.cashedOutAt);
        const profit = crashProfit(bet, settlement);
        recordBet({
          game: 'crash',
          amount: bet,
          multiplier: settlement.multiplier,
          payout: settlement.win ? bet * settlement.multiplier : 0,
          win: settlement.win,
          nonce: seeds.nonce,
          currency: code,
        });
        const shown = settlement.win ? settlement.multiplier : point;
        curveRef.current = {
          elapsed: crashTimeFor(shown),
          value: shown,
          tone: settlement.win ? 'success' : 'destructive',
        };
        drawCurve(canvasRef.current, curveRef.current);
        counter.current += 1;
        const id = counter.current;
        setHistory((h) => [{ id, crashPoint: point, win: settlement.win }, ...h].slice(0, HISTORY_SIZE));
        setDisplay(shown);
        setFinished({ ...settlement, bet, nonce: seeds.nonce, profit });
        setPhase('done');
      },
      onFrame: (elapsed) => {
        const value = crashCurveAt(elapsed);
        if ((cashOutAt <= point && value >= cashOutAt) || value >= point) return true;
        round.current = value;
        curveRef.current = { elapsed, value, tone: 'primary' };
        drawCurve(canvasRef.current, curveRef.current);
        setDisplay(value);
        return false;
      },
    });
  }

  function cashOutNow() {
    const round = roundRef.current;
    if (!round) return;
    round.cashedOutAt = round.current;
    round.end();
  }

  const isRunning = phase === 'running';
  const cashOutAt = parseCashOut(cashOutText);
  const profitOnWin = toAmount(form.amount) * (cashOutAt ?? CRASH_DEFAULT_CASH_OUT) - toAmount(form.amount);
  const tone = finished === null ? 'text-foreground' : finished.win ? 'text-success' : 'text-destructive';

  const fields = (
    <>
      <GameBetAmountField form={form} disabled={isRunning} />
      <TextField
        label="Cash Out At"
        type="number"
        step="0.01"
        min="1.01"
        value={cashOutText}
        disabled={isRunning}
        isInvalid={cashOutAt === null}
        onValueChange={setCashOutText}
      />
      <GameProfitOnWinField value={profitOnWin.toFixed(8)} />
    </>
  );
  const cashOut = isRunning && (
    <PlayButton variant="secondary" onClick={cashOutNow}>
      Cash Out
    </PlayButton>
  );

  return (
    <GameLayout>
      <GameControls
        label="Crash controls"
        form={form}
        fields={fields}
        play={{ children: 'Start', isBusy: isRunning, busyText: 'Running...', onClick: start }}
        moreActions={cashOut}
      />

      <BoardPanel label="Crash" className="gap-4 p-4 sm:p-6">
        <RecentResults
          label="Recent crash points"
          items={history.map((h) => ({ id: h.id, text: formatMultiplier(h.crashPoint), tone: h.crashPoint >= 2 ? 'success' : 'muted' }))}
        />
        <div className="relative min-h-56 flex-1">
          <canvas ref={canvasRef} aria-hidden="true" className="absolute inset-0 h-full w-full" />
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-2 text-center">
            <output aria-label="Multiplier" aria-live="off" className={cn('text-6xl font-bold tabular-nums sm:text-7xl', tone)}>
              {formatMultiplier(display)}
            </output>
            <div aria-live="polite" className="min-h-10 text-sm">
              {finished && (
                <>
                  <p className="font-semibold">
                    {finished.win ? `Crash point ${formatMultiplier(finished.crashPoint)}` : `Crashed at ${formatMultiplier(finished.crashPoint)}`}
                  </p>
                  <p className="text-muted-foreground">
                    {finished.win
                      ? `Cashed out at ${formatMultiplier(finished.multiplier)} · profit ${finished.profit.toFixed(8)} ${code}`
                      : `Lost ${finished.bet.toFixed(8)} ${code}`}
                    {` · nonce ${finished.nonce}`}
                  </p>
                </>
              )}
              {phase === 'idle' && <p className="text-muted-foreground">Set a bet and press Start.</p>}
            </div>
          </div>
        </div>
      </BoardPanel>
    </GameLayout>
  );
}
