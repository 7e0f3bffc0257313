/**
 * Roulette (spec 2 §2, §4 Roulette wheel, §5, §9): a European wheel and the betting layout of §9.
 * Chips go on the layout by click or keyboard; Spin takes the engine's pocket (roulettePocket) for the next
 * nonce, the ball is steered into that pocket (roulette-rules.ts) and the bets settle on it with the payouts of
 * provably-fair.md. Auto repeats the spin with the same bets. No server bet and no balance.
 */
import { useId, useRef, useState } from 'react';
import { roulettePocket } from '@app/shared/fairness/outcomes';
import {
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
import { cn } from '@/lib/utils';
import { recordBet } from '../bets/bet-store';
import { AutoBetControls, AutoBetCountField } from '../components/auto-bet-controls';
import { CurrencyLabel } from '../components/bet-amount-field';
import { GameControls, type ManualAutoMode, type PlayMode } from '../components/game-controls';
import { BoardPanel, GameLayout, RoundResult } from '../components/game-panels';
import { PlayButton } from '../components/play-button';
import { useRoundAnimation } from '../hooks/use-round-animation';
import { takeRound } from '../fairness/fairness-store';
import { useGameCurrency } from '../game-context';
import { AUTO_ROUND_DELAY_MS, useAutoBet } from '../hooks/use-auto-bet';
import { useBetForm } from '../hooks/use-bet-form';
import {
  CHIP_CENTS,
  MAX_CHIP_CENTS,
  POCKET_RADIUS,
  TAU,
  placeChip,
  planSpin,
  pocketOffset,
  spinFrame,
  spinSeconds,
  totalCents,
  undoChip,
} from './roulette-rules';
import { BettingTable } from './roulette-table';
import { Wheel, ballTransform, wheelTransform } from './roulette-wheel';

type Spin = { settlement: RouletteSettlement; nonce: number; betsText: string };

/** A spin wins when it returns more than the table's stake; the whole stake back is a push. */
function resultWord(s: RouletteSettlement): 'win' | 'push' | 'loss' {
  return s.returnCents > s.stakeCents ? 'win' : s.returnCents === s.stakeCents ? 'push' : 'loss';
}

const POCKET_TONE: Record<ReturnType<typeof pocketColor>, string> = {
  red: 'bg-red-700 text-white',
  black: 'bg-zinc-900 text-white',
  green: 'bg-green-700 text-white',
};

export default function RouletteGame() {
  const { code } = useGameCurrency();
  const ids = useId();
  // Roulette bets with chips: the form's amount stays unused.
  const form = useBetForm();
  const [chip, setChip] = useState(CHIP_CENTS[0]!);
  const [placements, setPlacements] = useState<RouletteBet[]>([]);
  const [spin, setSpin] = useState<Spin | null>(null);
  const [isSpinning, setIsSpinning] = useState(false);
  const [recent, setRecent] = useState<Array<{ id: number; pocket: number }>>([]);
  const auto = useAutoBet(AUTO_ROUND_DELAY_MS);
  const isAutoRunning = auto.isRunning;
  const wheelRef = useRef<SVGGElement | null>(null);
  const ballRef = useRef<SVGGElement | null>(null);
  /** Wheel and ball angles where the last spin left them (the next spin starts there). */
  const anglesRef = useRef({ wheel: 0, ball: 0 });
  const recentId = useRef(0);
  const playRound = useRoundAnimation();

  const isBusy = isSpinning || isAutoRunning;
  const bets = tableBets(placements);
  const total = totalCents(placements);

  function draw(wheel: number, ball: number, radius: number) {
    if (wheelRef.current) wheelRef.current.style.transform = wheelTransform(wheel);
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
      form.setError('Place at least one chip on the table.');
      return false;
    }
    form.setError(null);
    return true;
  }

  function spinManual() {
    if (isBusy || !validate()) return;
    void spinOnce(bets);
  }

  async function startAuto() {
    if (isBusy || !validate()) return;
    const count = auto.count;
    if (count === null) {
      form.setError('Enter a whole number of spins (0 or more).');
      return;
    }
    const table = [...bets];
    await auto.run(count, () => spinOnce(table));
  }

  function place(spot: RouletteSpot) {
    if (isBusy) return;
    setPlacements((p) => placeChip(p, spot, chip));
    form.setError(null);
  }

  const hintId = `${ids}-hint`;
  const winners = spin?.settlement.winners ?? [];
  const isWinner = (spot: RouletteSpot) => winners.includes(spot) || (spin !== null && !isSpinning && spot === String(spin.settlement.pocket));

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
        <CurrencyLabel htmlFor={`${ids}-total`} currency={code}>
          Total Bet
        </CurrencyLabel>
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
    </>
  );

  const fields = (
    <>
      {chips}
      {tableControls}
    </>
  );
  // Auto's number of spins comes below the table's error, with the Start button.
  const modes: Array<PlayMode<ManualAutoMode>> = [
    {
      value: 'manual',
      label: 'Manual',
      actions: (
        <PlayButton isBusy={isSpinning} busyText="Spinning..." disabled={isAutoRunning} aria-describedby={hintId} onClick={spinManual}>
          Spin
        </PlayButton>
      ),
    },
    {
      value: 'auto',
      label: 'Auto',
      actions: (
        <>
          <AutoBetCountField
            id={`${ids}-rounds`}
            label="Number of Spins"
            hint="Each spin uses the bets on the table. 0 spins runs until you stop it."
            auto={auto}
          />
          <AutoBetControls auto={auto} disabled={isBusy} onStart={startAuto} />
        </>
      ),
    },
  ];

  return (
    <GameLayout>
      <GameControls label="Roulette controls" form={form} isLocked={isBusy} fields={fields} modes={modes} />

      <BoardPanel label="Roulette" className="gap-3 p-3 sm:gap-4 sm:p-6">
        {/* On a phone the wheel stands beside the recent pockets and the result, so the board, its result and Spin fit the
            game area together; from sm the three stack as before (the row's box gives way with display: contents). */}
        <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-center gap-x-3 sm:contents">
          <ol aria-label="Recent pockets" className="col-start-2 row-start-1 flex min-h-8 flex-wrap justify-end gap-1.5 max-sm:self-start">
            {recent.map((r) => (
              <li
                key={r.id}
                className={cn('min-w-8 rounded-md px-2 py-1 text-center font-mono text-xs font-semibold tabular-nums', POCKET_TONE[pocketColor(r.pocket)])}
              >
                {r.pocket}
                <span className="sr-only"> {pocketColor(r.pocket)}</span>
              </li>
            ))}
          </ol>
          {/* On a desktop the board panel is 75vh tall: the wheel gives way so that the texts and the whole table (about 25.5rem) fit below it. */}
          <div
            className="col-start-1 row-span-2 row-start-1 mx-auto aspect-square w-full max-w-48 sm:max-w-64 lg:max-w-[min(16rem,max(9rem,calc(75vh-25.5rem)))]"
            data-testid="roulette-wheel"
          >
            <Wheel wheelRef={wheelRef} ballRef={ballRef} />
          </div>
          <div className="col-start-2 row-start-2 max-sm:self-start">
            <RoundResult label="Last spin" outcome={spin ? rouletteOutcomeText(spin.settlement) : ''}>
              {spin && (
                <p className="text-xs break-words text-muted-foreground">
                  Bets {spin.betsText} · {resultWord(spin.settlement)} · nonce {spin.nonce}
                </p>
              )}
            </RoundResult>
          </div>
        </div>
        <BettingTable placements={placements} isWinner={isWinner} disabled={isBusy} onPlace={place} />
      </BoardPanel>
    </GameLayout>
  );
}
