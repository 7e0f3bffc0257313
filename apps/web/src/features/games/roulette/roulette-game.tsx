/**
 * Roulette (spec 2 §2, §4 Roulette wheel, §5, §9; issue 13): a European wheel and the betting layout of §9.
 * Chips go on the layout by click or keyboard; Spin takes the engine's pocket (roulettePocket) for the next
 * nonce, the ball is steered into that pocket (roulette-rules.ts) and the bets settle on it with the payouts of
 * provably-fair.md. Auto repeats the spin with the same bets. No server bet and no balance.
 */
import { useEffect, useId, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { roulettePocket } from '@app/shared/fairness/outcomes';
import {
  ROULETTE_WHEEL_ORDER,
  centsToText,
  formatRouletteBets,
  pocketColor,
  rouletteOutcomeText,
  settleRoulette,
  tableBets,
  type RouletteBet,
  type RouletteSettlement,
  type RouletteSpot,
} from '@app/shared/fairness/roulette';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { recordBet } from '../bets/bet-store';
import { BoardPanel, ControlsPanel, FormError, GameLayout } from '../components/game-panels';
import { ModeTabsList } from '../components/mode-tabs-list';
import { useRoundAnimation } from '../components/use-round-animation';
import { takeRound } from '../fairness/fairness-store';
import { useGameCurrency } from '../game-context';
import {
  CHIP_CENTS,
  MAX_CHIP_CENTS,
  POCKET_RADIUS,
  TAU,
  TRACK_RADIUS,
  placeChip,
  planSpin,
  pocketOffset,
  spinFrame,
  spinSeconds,
  spotTotal,
  totalCents,
  undoChip,
} from './roulette-rules';

/** Pause between auto spins, so each result can be seen. */
export const AUTO_SPIN_DELAY_MS = 700;

type Mode = 'manual' | 'auto';
const MODES: ReadonlyArray<{ value: Mode; label: string }> = [
  { value: 'manual', label: 'Manual' },
  { value: 'auto', label: 'Auto' },
];

type Spin = { settlement: RouletteSettlement; nonce: number; betsText: string };

/** A spin wins when it returns more than the table's stake; the whole stake back is a push. */
function resultWord(s: RouletteSettlement): 'win' | 'push' | 'loss' {
  return s.returnCents > s.stakeCents ? 'win' : s.returnCents === s.stakeCents ? 'push' : 'loss';
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------- Wheel ----------
const R_OUTER = 96;
const R_POCKET_OUT = 88;
const R_POCKET_IN = 62;
const POCKETS = ROULETTE_WHEEL_ORDER.length;
const SECTOR = TAU / POCKETS;

function polar(r: number, angle: number): string {
  return `${(r * Math.sin(angle)).toFixed(3)} ${(-r * Math.cos(angle)).toFixed(3)}`;
}

function sectorPath(i: number): string {
  const a0 = i * SECTOR - SECTOR / 2;
  const a1 = a0 + SECTOR;
  return `M ${polar(R_POCKET_IN, a0)} L ${polar(R_POCKET_OUT, a0)} A ${R_POCKET_OUT} ${R_POCKET_OUT} 0 0 1 ${polar(R_POCKET_OUT, a1)} L ${polar(R_POCKET_IN, a1)} A ${R_POCKET_IN} ${R_POCKET_IN} 0 0 0 ${polar(R_POCKET_IN, a0)} Z`;
}

const FILL: Record<ReturnType<typeof pocketColor>, string> = { green: '#15803d', red: '#b91c1c', black: '#18181b' };
const deg = (rad: number) => (rad * 180) / Math.PI;
/** The ball: turned to its angle, then out to its radius (1 = the wheel's edge, 100 user units). */
const ballTransform = (angle: number, radius: number) => `rotate(${deg(angle)}deg) translateY(${-radius * 100}px)`;

/** The wheel is drawn once; each frame only sets two CSS transforms (no React render, no layout). */
function Wheel({ wheelRef, ballRef }: { wheelRef: RefObject<SVGGElement | null>; ballRef: RefObject<SVGGElement | null> }) {
  return (
    <svg viewBox="-100 -100 200 200" className="size-full" aria-hidden="true">
      <circle r={R_OUTER} fill="#78350f" />
      <circle r={R_POCKET_OUT + 1} fill="#3f2a14" />
      <g ref={wheelRef} style={{ willChange: 'transform' }}>
        {ROULETTE_WHEEL_ORDER.map((n, i) => {
          const mid = i * SECTOR;
          const [x, y] = polar((R_POCKET_OUT + R_POCKET_IN) / 2 + 4, mid)
            .split(' ')
            .map(Number);
          return (
            <g key={n}>
              <path d={sectorPath(i)} fill={FILL[pocketColor(n)]} stroke="#d4af37" strokeWidth={0.4} />
              <text
                x={x}
                y={y}
                fill="#fff"
                fontSize={6.5}
                fontWeight={700}
                textAnchor="middle"
                dominantBaseline="central"
                transform={`rotate(${deg(mid)} ${x} ${y})`}
              >
                {n}
              </text>
            </g>
          );
        })}
        <circle r={R_POCKET_IN} fill="#57361a" />
        <circle r={R_POCKET_IN - 14} fill="#3f2a14" />
        {[0, 1, 2, 3].map((k) => (
          <rect key={k} x={-2} y={-40} width={4} height={80} rx={2} fill="#d4af37" transform={`rotate(${k * 45})`} />
        ))}
        <circle r={8} fill="#d4af37" />
      </g>
      <g ref={ballRef} style={{ willChange: 'transform', transform: ballTransform(0, TRACK_RADIUS) }}>
        <circle r={4} fill="#fafafa" stroke="#a1a1aa" strokeWidth={0.6} />
      </g>
    </svg>
  );
}

// ---------- Layout ----------
type Cell = {
  spot: RouletteSpot;
  text: string;
  srText: string;
  tone: 'red' | 'black' | 'green' | 'outside';
  style: CSSProperties;
};

/** spec 2 §9: 0, three rows of 12, the 2:1 column bets, the dozens and the outside bets. */
function layoutCells(): Cell[] {
  const cells: Cell[] = [
    { spot: '0', text: '0', srText: ' green', tone: 'green', style: { gridColumn: 1, gridRow: '1 / span 3' } },
  ];
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 12; col += 1) {
      const n = col * 3 + (3 - row);
      const color = pocketColor(n);
      cells.push({
        spot: String(n),
        text: String(n),
        srText: ` ${color}`,
        tone: color === 'red' ? 'red' : 'black',
        style: { gridColumn: col + 2, gridRow: row + 1 },
      });
    }
    const column = 3 - row;
    cells.push({
      spot: `col${column}`,
      text: '2:1',
      srText: ` column ${column} to ${33 + column}`,
      tone: 'outside',
      style: { gridColumn: 14, gridRow: row + 1 },
    });
  }
  (['1st12', '2nd12', '3rd12'] as const).forEach((spot, i) =>
    cells.push({
      spot,
      text: `${['1st', '2nd', '3rd'][i]} 12`,
      srText: '',
      tone: 'outside',
      style: { gridColumn: `${2 + i * 4} / span 4`, gridRow: 4 },
    }),
  );
  const outside: Array<[RouletteSpot, string, Cell['tone']]> = [
    ['1-18', '1–18', 'outside'],
    ['even', 'Even', 'outside'],
    ['red', 'Red', 'red'],
    ['black', 'Black', 'black'],
    ['odd', 'Odd', 'outside'],
    ['19-36', '19–36', 'outside'],
  ];
  outside.forEach(([spot, text, tone], i) =>
    cells.push({ spot, text, srText: '', tone, style: { gridColumn: `${2 + i * 2} / span 2`, gridRow: 5 } }),
  );
  return cells;
}
const CELLS = layoutCells();

const TONE: Record<Cell['tone'], string> = {
  red: 'bg-red-700 text-white hover:bg-red-600',
  black: 'bg-zinc-900 text-white hover:bg-zinc-700',
  green: 'bg-green-700 text-white hover:bg-green-600',
  outside: 'bg-card hover:bg-accent',
};

const POCKET_TONE: Record<ReturnType<typeof pocketColor>, string> = {
  red: 'bg-red-700 text-white',
  black: 'bg-zinc-900 text-white',
  green: 'bg-green-700 text-white',
};

export default function RouletteGame() {
  const { code } = useGameCurrency();
  const ids = useId();
  const [mode, setMode] = useState<Mode>('manual');
  const [chip, setChip] = useState(CHIP_CENTS[0]!);
  const [placements, setPlacements] = useState<RouletteBet[]>([]);
  const [spin, setSpin] = useState<Spin | null>(null);
  const [isSpinning, setIsSpinning] = useState(false);
  const [recent, setRecent] = useState<Array<{ id: number; pocket: number }>>([]);
  const [error, setError] = useState<string | null>(null);
  const [roundsText, setRoundsText] = useState('10');
  const [roundsLeft, setRoundsLeft] = useState<number | null>(null);
  const [isAutoRunning, setIsAutoRunning] = useState(false);
  const runRef = useRef<{ isStopped: boolean } | null>(null);
  const wheelRef = useRef<SVGGElement | null>(null);
  const ballRef = useRef<SVGGElement | null>(null);
  /** Wheel and ball angles where the last spin left them (the next spin starts there). */
  const anglesRef = useRef({ wheel: 0, ball: 0 });
  const recentId = useRef(0);
  const playRound = useRoundAnimation();

  useEffect(
    () => () => {
      if (runRef.current) runRef.current.isStopped = true;
    },
    [],
  );

  const isBusy = isSpinning || isAutoRunning;
  const bets = tableBets(placements);
  const total = totalCents(placements);

  function draw(wheel: number, ball: number, radius: number) {
    if (wheelRef.current) wheelRef.current.style.transform = `rotate(${deg(wheel)}deg)`;
    if (ballRef.current) ballRef.current.style.transform = ballTransform(ball, radius);
  }

  /** One spin with the bets on the table: the engine's pocket, settled, recorded, then shown. */
  function spinOnce(table: readonly RouletteBet[]): Promise<void> {
    const seeds = takeRound();
    const pocket = roulettePocket(seeds);
    const settlement = settleRoulette(table, pocket);
    const plan = planSpin(pocket, anglesRef.current.wheel, anglesRef.current.ball);
    const duration = spinSeconds(plan) * 1000;
    setIsSpinning(true);
    setSpin(null);
    return new Promise((resolve) => {
      playRound({
        finish: () => {
          const end = spinFrame(plan, duration / 1000);
          anglesRef.current = { wheel: end.wheel % TAU, ball: (end.wheel + pocketOffset(pocket)) % TAU };
          draw(anglesRef.current.wheel, anglesRef.current.ball, POCKET_RADIUS);
          recordBet({
            game: 'roulette',
            amount: settlement.stakeCents / 100,
            multiplier: settlement.multiplier,
            payout: settlement.returnCents / 100,
            win: settlement.returnCents > settlement.stakeCents,
            nonce: seeds.nonce,
            currency: code,
          });
          recentId.current += 1;
          const item = { id: recentId.current, pocket };
          setRecent((r) => [item, ...r].slice(0, 8));
          setSpin({ settlement, nonce: seeds.nonce, betsText: formatRouletteBets(table) });
          setIsSpinning(false);
          resolve();
        },
        onFrame: (elapsed) => {
          const f = spinFrame(plan, elapsed / 1000);
          draw(f.wheel, f.ball, f.radius);
          return elapsed >= duration;
        },
      });
    });
  }

  function validate(): boolean {
    if (bets.length === 0) {
      setError('Place at least one chip on the table.');
      return false;
    }
    setError(null);
    return true;
  }

  function spinManual() {
    if (isBusy || !validate()) return;
    void spinOnce(bets);
  }

  async function startAuto() {
    if (isBusy || !validate()) return;
    const count = Number(roundsText);
    if (roundsText.trim() === '' || !Number.isInteger(count) || count < 0) {
      setError('Enter a whole number of spins (0 or more).');
      return;
    }
    const run = { isStopped: false };
    runRef.current = run;
    setIsAutoRunning(true);
    const table = [...bets];
    let played = 0;
    while (!run.isStopped && (count === 0 || played < count)) {
      await spinOnce(table);
      played += 1;
      setRoundsLeft(count === 0 ? null : count - played);
      if (run.isStopped || (count !== 0 && played >= count)) break;
      await wait(AUTO_SPIN_DELAY_MS);
    }
    if (runRef.current === run) runRef.current = null;
    setRoundsLeft(null);
    setIsAutoRunning(false);
  }

  function place(spot: RouletteSpot) {
    if (isBusy) return;
    setPlacements((p) => placeChip(p, spot, chip));
    setError(null);
  }

  const hintId = `${ids}-hint`;
  const winners = spin?.settlement.winners ?? [];

  const chips = (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between">
        <span id={`${ids}-chips`} className="text-sm font-medium">
          Chip Value
        </span>
        <span className="text-xs text-muted-foreground">{code}</span>
      </div>
      <div role="group" aria-labelledby={`${ids}-chips`} className="flex flex-wrap gap-1">
        {CHIP_CENTS.map((c) => (
          <Button
            key={c}
            size="sm"
            variant={chip === c ? 'default' : 'secondary'}
            aria-pressed={chip === c}
            disabled={isBusy}
            onClick={() => setChip(c)}
            className="font-mono"
          >
            {centsToText(c)}
          </Button>
        ))}
        <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => setChip(MAX_CHIP_CENTS)}>
          Max
        </Button>
      </div>
    </div>
  );

  const tableControls = (
    <>
      <div className="space-y-1.5">
        <div className="flex items-center justify-between">
          <Label htmlFor={`${ids}-total`}>Total Bet</Label>
          <span className="text-xs text-muted-foreground">{code}</span>
        </div>
        <Input id={`${ids}-total`} value={centsToText(total)} readOnly />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" disabled={isBusy || placements.length === 0} onClick={() => setPlacements(undoChip)}>
          Undo
        </Button>
        <Button variant="secondary" disabled={isBusy || placements.length === 0} onClick={() => setPlacements([])}>
          Clear
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {placements.length === 0
          ? 'Choose a chip, then place it on the table (click or Enter).'
          : `${bets.length} ${bets.length === 1 ? 'spot' : 'spots'} on the table.`}
      </p>
      <FormError message={error} />
    </>
  );

  return (
    <GameLayout>
      <ControlsPanel label="Roulette controls">
        <Tabs
          value={mode}
          onValueChange={(v) => {
            if (isBusy) return;
            setMode(v as Mode);
            setError(null);
          }}
        >
          <ModeTabsList modes={MODES} disabled={isBusy} />
          <TabsContent value="manual" className="space-y-4 pt-2">
            {chips}
            {tableControls}
            <Button className="w-full" size="lg" disabled={isBusy} aria-describedby={hintId} onClick={spinManual}>
              {isSpinning ? 'Spinning...' : 'Spin'}
            </Button>
          </TabsContent>
          <TabsContent value="auto" className="space-y-4 pt-2">
            {chips}
            {tableControls}
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-rounds`}>Number of Spins</Label>
              <Input
                id={`${ids}-rounds`}
                inputMode="numeric"
                value={isAutoRunning && roundsLeft !== null ? String(roundsLeft) : roundsText}
                disabled={isAutoRunning}
                aria-describedby={`${ids}-rounds-hint`}
                onChange={(e) => setRoundsText(e.target.value)}
              />
              <p id={`${ids}-rounds-hint`} className="text-xs text-muted-foreground">
                Each spin uses the bets on the table. 0 spins runs until you stop it.
              </p>
            </div>
            {isAutoRunning ? (
              <Button
                className="w-full"
                size="lg"
                variant="destructive"
                onClick={() => runRef.current && (runRef.current.isStopped = true)}
              >
                Stop Autobet
              </Button>
            ) : (
              <Button className="w-full" size="lg" disabled={isBusy} onClick={() => void startAuto()}>
                Start Autobet
              </Button>
            )}
          </TabsContent>
        </Tabs>
      </ControlsPanel>

      <BoardPanel label="Roulette" className="gap-4 p-3 sm:p-6">
        <ol aria-label="Recent pockets" className="flex min-h-8 flex-wrap justify-end gap-1.5">
          {recent.map((r) => (
            <li
              key={r.id}
              className={cn(
                'min-w-8 rounded-md px-2 py-1 text-center font-mono text-xs font-semibold tabular-nums',
                POCKET_TONE[pocketColor(r.pocket)],
              )}
            >
              {r.pocket}
              <span className="sr-only"> {pocketColor(r.pocket)}</span>
            </li>
          ))}
        </ol>
        {/* On a desktop the board panel is 75vh tall: the wheel gives way so that the texts and the whole table (about 25.5rem) fit below it. */}
        <div
          className="mx-auto aspect-square w-full max-w-48 sm:max-w-64 lg:max-w-[min(16rem,max(9rem,calc(75vh-25.5rem)))]"
          data-testid="roulette-wheel"
        >
          <Wheel wheelRef={wheelRef} ballRef={ballRef} />
        </div>
        <div className="min-h-10 space-y-1 text-center text-sm">
          <output aria-label="Last spin" aria-live="polite" className="block font-semibold">
            {spin ? rouletteOutcomeText(spin.settlement) : ''}
          </output>
          {spin && (
            <p className="text-xs break-words text-muted-foreground">
              Bets {spin.betsText} · {resultWord(spin.settlement)} · nonce {spin.nonce}
            </p>
          )}
        </div>
        {/* shrink-0: as a flex item with overflow it would otherwise shrink and clip rows of the table. */}
        <div className="shrink-0 overflow-x-auto pb-1">
          <div
            role="group"
            aria-label="Betting table"
            className="mx-auto grid min-w-[22rem] max-w-3xl grid-cols-[repeat(14,minmax(0,1fr))] gap-1"
          >
            {CELLS.map((cell) => {
              const amount = spotTotal(placements, cell.spot);
              const isWinner =
                winners.includes(cell.spot) || (spin !== null && !isSpinning && cell.spot === String(spin.settlement.pocket));
              return (
                // The chip count sits beside the button, not in it: the button's visible text is its label's start
                // (label in name, WCAG 2.5.3), and its name says the bet ('17 black, bet 0.10').
                <div key={cell.spot} style={cell.style} className="relative flex">
                  <button
                    type="button"
                    disabled={isBusy}
                    data-spot={cell.spot}
                    aria-label={`${cell.text}${cell.srText}${amount > 0 ? `, bet ${centsToText(amount)}` : ''}`}
                    data-win={isWinner || undefined}
                    onClick={() => place(cell.spot)}
                    className={cn(
                      'flex min-h-9 w-full items-center justify-center rounded-md border px-0.5 text-xs font-semibold tabular-nums transition-colors sm:text-sm',
                      'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-default',
                      TONE[cell.tone],
                      isWinner && 'ring-2 ring-amber-400',
                    )}
                  >
                    {cell.text}
                  </button>
                  {amount > 0 && (
                    <span
                      aria-hidden="true"
                      data-chip={cell.spot}
                      className="pointer-events-none absolute -top-1.5 -right-1 rounded-full bg-amber-300 px-1 font-mono text-[0.625rem] leading-4 text-black"
                    >
                      {centsToText(amount)}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </BoardPanel>
    </GameLayout>
  );
}
