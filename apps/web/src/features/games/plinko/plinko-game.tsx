/**
 * Plinko (spec 2 §2, §5, §9): Rows 8 to 18, risk Low, Medium, High, Extreme. Each ball is one bet
 * and one nonce: the provably-fair engine decides its path (row i goes right when floor(f_i * 2) == 1), the
 * canvas animation follows that path into the bucket it names, and the bucket's multiplier pays. Several
 * balls may be in flight at once. No server bet and no balance.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { PLINKO_RISKS, PLINKO_RISK_LABELS, PLINKO_TABLES, type PlinkoRisk } from '@app/shared/fairness/payouts';
import type { CurrencyCode } from '@app/shared/games/currencies';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { cn } from '@/lib/utils';
import { recordBet } from '../bets/bet-store';
import { AutoBetCountField } from '../components/auto-bet-controls';
import { GameBetAmountField } from '../components/bet-amount-field';
import { GameControls, manualAutoModes } from '../components/game-controls';
import { BoardPanel, GameLayout } from '../components/game-panels';
import { PlayButton } from '../components/play-button';
import { RecentResults, type RecentResult } from '../components/recent-results';
import { SelectField, optionsOf } from '../components/select-field';
import { takeRound } from '../fairness/fairness-store';
import { formatMultiplier } from '../format';
import { useGameCurrency } from '../game-context';
import { useAutoBet } from '../hooks/use-auto-bet';
import { useBetForm } from '../hooks/use-bet-form';
import { useRoundAnimation } from '../hooks/use-round-animation';
import {
  PLINKO_DEFAULT_ROWS,
  PLINKO_MAX_BET,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  ballPosition,
  ballWaypoints,
  boardHeight,
  boardWidth,
  bucketLabel,
  bucketTone,
  dropBall,
  flightDuration,
  pegPositions,
  type BucketTone,
  type PlinkoBall,
  type Point,
} from './plinko-rules';

/** Time between two balls of an auto run (they overlap in flight). */
export const AUTO_DROP_MS = 300;
const MAX_RECENT = 10;
const RISK_OPTIONS = optionsOf(PLINKO_RISKS, PLINKO_RISK_LABELS);

const TONES: Record<BucketTone, string> = {
  top: 'bg-red-700 text-white',
  high: 'bg-orange-400 text-black',
  mid: 'bg-amber-300 text-black',
  low: 'bg-yellow-200 text-black',
};

/** A ball in the air: `elapsed` is its time in flight at the last frame. */
type Flight = { ball: PlinkoBall; waypoints: Point[]; elapsed: number };
type Landed = { id: number; ball: PlinkoBall };

function recordBall(ball: PlinkoBall, currency: CurrencyCode) {
  recordBet({ game: 'plinko', amount: ball.bet, multiplier: ball.multiplier, payout: ball.payout, win: ball.win, nonce: ball.nonce, currency });
}

/** Rows sit closer than pegs in a row, so the board is wider than tall (as on the big casinos' boards). */
const ROW_SCALE = 0.8;

/** Width / height of the canvas for `rows`. */
function canvasAspect(rows: number): number {
  return boardWidth(rows) / (boardHeight(rows) * ROW_SCALE);
}

/** What drawing needs from the page, read outside the animation frames so that frames only paint. */
type Look = { cssWidth: number; pegColor: string };

function measure(canvas: HTMLCanvasElement | null): Look {
  return { cssWidth: canvas?.clientWidth || 400, pegColor: (canvas && getComputedStyle(canvas).color) || '#888' };
}

/** Draws the pegs and the balls; a no-op where the browser gives no 2D context (tests). */
function drawBoard(canvas: HTMLCanvasElement | null, rows: number, balls: readonly Point[], { cssWidth, pegColor }: Look) {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return;
  const dpr = globalThis.devicePixelRatio || 1;
  const cssHeight = cssWidth / canvasAspect(rows);
  if (canvas.width !== Math.round(cssWidth * dpr) || canvas.height !== Math.round(cssHeight * dpr)) {
    canvas.width = Math.round(cssWidth * dpr);
    canvas.height = Math.round(cssHeight * dpr);
  }
  const unit = (cssWidth / boardWidth(rows)) * dpr;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = pegColor;
  const pegRadius = Math.max(1.5 * dpr, unit * 0.1);
  for (const peg of pegPositions(rows)) {
    ctx.beginPath();
    ctx.arc(peg.x * unit, peg.y * unit * ROW_SCALE, pegRadius, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#f43f5e';
  for (const ball of balls) {
    ctx.beginPath();
    ctx.arc(ball.x * unit, ball.y * unit * ROW_SCALE, unit * 0.22, 0, Math.PI * 2);
    ctx.fill();
  }
}

export default function PlinkoGame() {
  const { code } = useGameCurrency();
  const ids = useId();
  const form = useBetForm();
  const [rows, setRows] = useState(PLINKO_DEFAULT_ROWS);
  const [risk, setRisk] = useState<PlinkoRisk>('low');
  const [inFlight, setInFlight] = useState(0);
  const [last, setLast] = useState<Landed | null>(null);
  const [recent, setRecent] = useState<RecentResult[]>([]);
  const auto = useAutoBet(AUTO_DROP_MS);
  const isAutoRunning = auto.isRunning;
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const flightsRef = useRef<Flight[]>([]);
  const idRef = useRef(0);
  const bucketsRef = useRef<HTMLOListElement | null>(null);
  const lookRef = useRef<Look>({ cssWidth: 400, pegColor: '#888' });
  const codeRef = useRef(code);
  codeRef.current = code;
  // Each ball is a round of its own; all the balls in the air are drawn together once a frame.
  const playRound = useRoundAnimation(() =>
    drawBoard(
      canvasRef.current,
      rows,
      flightsRef.current.map((f) => ballPosition(f.waypoints, f.elapsed)),
      lookRef.current,
    ),
  );

  // Pegs for the chosen rows; redrawn when the board is resized.
  useEffect(() => {
    const canvas = canvasRef.current;
    lookRef.current = measure(canvas);
    drawBoard(canvas, rows, [], lookRef.current);
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      lookRef.current = measure(canvas);
      // With balls in the air the next frame draws the board.
      if (flightsRef.current.length === 0) drawBoard(canvas, rows, [], lookRef.current);
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [rows]);

  function settle(id: number, ball: PlinkoBall, isAnimated: boolean) {
    recordBall(ball, codeRef.current);
    setLast({ id, ball });
    // The bucket dips as the ball lands (a transform, off the layout path).
    const bucket = bucketsRef.current?.children[ball.slot];
    if (isAnimated && bucket && typeof bucket.animate === 'function') {
      bucket.animate([{ transform: 'translateY(0)' }, { transform: 'translateY(5px)' }, { transform: 'translateY(0)' }], { duration: 250, easing: 'ease-out' });
    }
    setRecent((list) =>
      [
        { id, text: formatMultiplier(ball.multiplier), tone: ball.win ? ('success' as const) : ('muted' as const), srText: ball.win ? ' win' : ' loss' },
        ...list,
      ].slice(0, MAX_RECENT),
    );
  }

  /**
   * One ball: one bet, one nonce; the engine's path is known before the ball is drawn. Leaving with balls in the
   * air lands them where the engine said, and their bets are recorded.
   */
  function drop(bet: number) {
    const seeds = takeRound();
    const ball = dropBall(seeds, rows, risk, bet);
    idRef.current += 1;
    const id = idRef.current;
    const flight: Flight = { ball, waypoints: ballWaypoints(ball.rights), elapsed: 0 };
    playRound({
      finish: (isAnimated) => {
        if (flightsRef.current.includes(flight)) {
          flightsRef.current = flightsRef.current.filter((f) => f !== flight);
          setInFlight(flightsRef.current.length);
        }
        settle(id, ball, isAnimated);
      },
      beforeFrames: () => {
        // The theme may have changed since the last draw: read the peg colour once per run of frames.
        if (flightsRef.current.length === 0) lookRef.current = measure(canvasRef.current);
        flightsRef.current = [...flightsRef.current, flight];
        setInFlight(flightsRef.current.length);
      },
      onFrame: (elapsed) => {
        flight.elapsed = elapsed;
        return elapsed >= flightDuration(ball.rows);
      },
    });
  }

  function bet() {
    if (isAutoRunning) return;
    const value = form.readBet();
    if (value !== null) drop(value);
  }

  async function startAuto() {
    if (isAutoRunning) return;
    const value = form.readBet();
    if (value === null) return;
    const total = auto.count;
    if (total === null) {
      form.setError('Enter a whole number of bets (0 or more).');
      return;
    }
    await auto.run(total, () => drop(value));
  }

  // The board's settings wait until every ball has landed, so a ball never lands on another table.
  const isLocked = inFlight > 0 || isAutoRunning;
  const table = PLINKO_TABLES[rows]![risk];
  // Labels like 23.9K do not fit a bucket of 17 or 18 rows across: they run downwards.
  const hasLongLabels = rows > 12 && table.some((m) => bucketLabel(m).length > 4);

  const fields = (
    <>
      <GameBetAmountField form={form} disabled={isAutoRunning} maxAmount={PLINKO_MAX_BET} />
      <SelectField id={`${ids}-risk`} label="Risk" value={risk} options={RISK_OPTIONS} disabled={isLocked} onValueChange={(v) => setRisk(v as PlinkoRisk)} />
      <div className="space-y-3">
        <div className="flex items-center justify-between">
          <Label id={`${ids}-rows-label`}>Rows</Label>
          <span className="font-mono text-sm tabular-nums" aria-hidden="true">
            {rows}
          </span>
        </div>
        <Slider
          aria-labelledby={`${ids}-rows-label`}
          min={PLINKO_MIN_ROWS}
          max={PLINKO_MAX_ROWS}
          step={1}
          value={[rows]}
          disabled={isLocked}
          getValueText={(v) => `${v} rows`}
          onValueChange={([v]) => v !== undefined && setRows(v)}
        />
      </div>
    </>
  );
  const modes = manualAutoModes({
    manual: <PlayButton onClick={bet}>Bet</PlayButton>,
    auto,
    autoFields: <AutoBetCountField id={`${ids}-count`} label="Number of Bets" hint="One ball per bet. 0 runs until you stop it." auto={auto} />,
    onStartAuto: startAuto,
  });

  return (
    <GameLayout>
      <GameControls label="Plinko controls" form={form} isLocked={isAutoRunning} fields={fields} modes={modes} />

      <BoardPanel label="Plinko game" className="gap-3 p-3 sm:p-6">
        <RecentResults label="Recent balls" items={recent} />
        {/* As wide as the panel allows while the whole board fits the game area's height (no scrolling). */}
        <div className="mx-auto flex w-full flex-col" style={{ maxWidth: `min(36rem, max(12rem, calc((75vh - 11rem) * ${canvasAspect(rows)})))` }}>
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={`Plinko board with ${rows} rows of pegs${inFlight > 0 ? `, ${inFlight} ${inFlight === 1 ? 'ball' : 'balls'} falling` : ''}`}
            className="w-full text-muted-foreground"
            style={{ aspectRatio: `${canvasAspect(rows)}` }}
          />
          <ol ref={bucketsRef} aria-label="Buckets" className="flex gap-px" style={{ paddingInline: `${100 / boardWidth(rows)}%` }}>
            {table.map((m, slot) => {
              const isHit = last !== null && last.ball.slot === slot && last.ball.rows === rows && last.ball.risk === risk;
              return (
                <li
                  key={slot}
                  data-hit={isHit || undefined}
                  className={cn(
                    'flex min-w-0 flex-1 items-center justify-center overflow-hidden rounded-sm font-semibold tabular-nums',
                    // Narrow buckets: smaller type, and on a phone the label runs downwards.
                    hasLongLabels
                      ? 'h-10 text-[9px] [writing-mode:vertical-rl] sm:text-[10px]'
                      : rows <= 12
                        ? 'h-7 text-[10px] sm:text-xs'
                        : 'h-7 text-[9px] max-sm:h-10 max-sm:[writing-mode:vertical-rl] sm:text-[10px]',
                    TONES[bucketTone(m)],
                    isHit && 'ring-2 ring-foreground ring-inset',
                  )}
                >
                  <span aria-hidden="true">{bucketLabel(m)}</span>
                  <span className="sr-only">
                    Slot {slot}: {formatMultiplier(m)}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
        <p role="status" aria-label="Last ball" className="min-h-5 text-center text-sm">
          {last
            ? `Slot ${last.ball.slot} · ${formatMultiplier(last.ball.multiplier)} · payout ${last.ball.payout.toFixed(8)} ${code} · nonce ${last.ball.nonce}`
            : 'Set the rows and risk, then press Bet.'}
        </p>
      </BoardPanel>
    </GameLayout>
  );
}
