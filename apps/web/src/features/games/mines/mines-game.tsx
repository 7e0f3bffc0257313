/**
 * Mines (spec 1 §3, §4 Mines, §5, §9): 25 tiles, 1 to 24 mines placed by the provably-fair
 * engine; reveal gems and cash out before a mine. No server bet and no balance.
 */
import { Bomb, Gem } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { minePositions } from '@app/shared/fairness/outcomes';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { toAmount } from '../bets/bet-amount';
import { recordBet } from '../bets/bet-store';
import { AutoBetCountField } from '../components/auto-bet-controls';
import { GameBetAmountField } from '../components/bet-amount-field';
import { GameControls, manualAutoModes, type ManualAutoMode } from '../components/game-controls';
import { BoardPanel, BoardStats, GameLayout } from '../components/game-panels';
import { PlayButton } from '../components/play-button';
import { SelectField } from '../components/select-field';
import { setRoundOpen, takeRound } from '../fairness/fairness-store';
import { useGameCurrency } from '../game-context';
import { AUTO_ROUND_DELAY_MS, useAutoBet } from '../hooks/use-auto-bet';
import { useBetForm } from '../hooks/use-bet-form';
import {
  IDLE_ROUND,
  MINES_CHOICES,
  MINES_DEFAULT,
  MINES_TILES,
  canCashout,
  cashout,
  currentMultiplier,
  dealRound,
  maxAutoPicks,
  nextMultiplier,
  playAutoRound,
  revealTile,
  settleRound,
  toggleAutoPick,
  type MinesRound,
} from './mines-rules';
import { formatMultiplier } from '../format';

const TILES = Array.from({ length: MINES_TILES }, (_, i) => i);
const MINES_OPTIONS = MINES_CHOICES.map((n) => ({ value: n, label: n }));

export default function MinesGame() {
  const { code } = useGameCurrency();
  const ids = useId();
  const form = useBetForm();
  const [mineCount, setMineCount] = useState(MINES_DEFAULT);
  const [round, setRound] = useState<MinesRound>(IDLE_ROUND);
  const [stake, setStake] = useState(0);
  const [autoPicks, setAutoPicks] = useState<number[]>([]);
  const auto = useAutoBet(AUTO_ROUND_DELAY_MS);
  const isAutoRunning = auto.isRunning;
  /** The open manual round, for leaving the page mid-round. */
  const openRef = useRef<{ round: MinesRound; stake: number; code: typeof code } | null>(null);

  useEffect(
    () => () => {
      const open = openRef.current;
      if (open) {
        // Leaving mid-round cashes out what was found so far (nothing found: the stake comes back at 1×).
        const multiplier = currentMultiplier(open.round);
        recordBet({
          game: 'mines',
          amount: open.stake,
          multiplier,
          payout: open.stake * multiplier,
          win: open.round.revealed.length > 0,
          nonce: open.round.nonce ?? 0,
          currency: open.code,
        });
        openRef.current = null;
      }
      setRoundOpen(false);
    },
    [],
  );

  const isPlaying = round.status === 'playing';
  const isBusy = isPlaying || isAutoRunning;

  function finishRound(ended: MinesRound, bet: number) {
    const settlement = settleRound(ended);
    if (!settlement) return;
    recordBet({
      game: 'mines',
      amount: bet,
      multiplier: settlement.multiplier,
      payout: settlement.win ? bet * settlement.multiplier : 0,
      win: settlement.win,
      nonce: ended.nonce ?? 0,
      currency: code,
    });
  }

  function update(next: MinesRound, bet: number) {
    setRound(next);
    if (next.status === 'playing') {
      openRef.current = { round: next, stake: bet, code };
      return;
    }
    openRef.current = null;
    setRoundOpen(false);
    finishRound(next, bet);
  }

  function bet() {
    if (isBusy) return;
    const value = form.readBet();
    if (value === null) return;
    const seeds = takeRound();
    const dealt = dealRound(minePositions(seeds, mineCount), seeds.nonce);
    setStake(value);
    setRoundOpen(true);
    update(dealt, value);
  }

  function reveal(tile: number) {
    if (!isPlaying) return;
    const next = revealTile(round, tile);
    if (next !== round) update(next, stake);
  }

  function cashOutNow() {
    if (!canCashout(round)) return;
    update(cashout(round), stake);
  }

  async function startAuto() {
    if (isBusy) return;
    const value = form.readBet();
    const total = auto.count;
    if (value === null) return;
    if (autoPicks.length === 0) {
      form.setError('Pick at least one tile.');
      return;
    }
    if (total === null) {
      form.setError('Enter a whole number of rounds (0 or more).');
      return;
    }
    setStake(value);
    const picks = [...autoPicks];
    await auto.run(total, () => {
      const seeds = takeRound();
      const ended = playAutoRound(minePositions(seeds, mineCount), picks, seeds.nonce);
      setRound(ended);
      finishRound(ended, value);
    });
  }

  function changeMines(count: number) {
    setMineCount(count);
    setRound({ ...IDLE_ROUND, mineCount: count });
    setAutoPicks((p) => p.slice(0, maxAutoPicks(count)));
  }

  const isOver = round.status === 'lost' || round.status === 'cashed';
  const current = currentMultiplier(round);
  const next = round.status === 'idle' ? nextMultiplier({ ...IDLE_ROUND, mineCount }) : nextMultiplier(round);
  const shownStake = round.status === 'idle' ? toAmount(form.amount) : stake;

  function changeMode(next: ManualAutoMode) {
    form.setMode(next);
    setRound({ ...IDLE_ROUND, mineCount });
  }

  const fields = (
    <>
      <GameBetAmountField form={form} disabled={isBusy} />
      <div className="grid grid-cols-2 gap-2">
        <SelectField label="Mines" value={mineCount} options={MINES_OPTIONS} disabled={isBusy} onValueChange={(v) => changeMines(Number(v))} />
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-gems`}>Gems</Label>
          <Input id={`${ids}-gems`} value={String(MINES_TILES - mineCount)} readOnly />
        </div>
      </div>
    </>
  );
  const countHint = `Pick tiles on the board (${autoPicks.length} of ${maxAutoPicks(mineCount)} picked). 0 rounds runs until you stop it.`;
  const modes = manualAutoModes({
    manual: isPlaying ? (
      <PlayButton disabled={!canCashout(round)} onClick={cashOutNow}>
        Cashout
      </PlayButton>
    ) : (
      <PlayButton onClick={bet}>Bet</PlayButton>
    ),
    auto,
    autoFields: <AutoBetCountField id={`${ids}-rounds`} label="Number of Rounds" hint={countHint} auto={auto} />,
    onStartAuto: startAuto,
  });

  return (
    <GameLayout>
      <GameControls label="Mines controls" form={{ ...form, setMode: changeMode }} isLocked={isBusy} fields={fields} modes={modes} />

      <BoardPanel label="Mines game" className="items-center gap-2 p-3 sm:gap-4 sm:p-6">
        <BoardStats
          items={[
            { label: 'Current multiplier', value: formatMultiplier(current) },
            { label: 'Next multiplier', value: next === null ? '—' : formatMultiplier(next) },
            { label: `Total profit (${code})`, value: (shownStake * current - shownStake).toFixed(8) },
          ]}
        />

        <div role="group" aria-label="Mines board" className="grid w-full max-w-56 grid-cols-5 gap-1.5 sm:max-w-md sm:gap-2">
          {TILES.map((tile) => {
            const isMine = round.mines.includes(tile);
            const isRevealed = round.revealed.includes(tile);
            const isShown = isRevealed || isOver;
            const isPicked = form.mode === 'auto' && autoPicks.includes(tile);
            const label = `Tile ${tile + 1}${isShown ? (isMine ? ': mine' : ': gem') : ''}`;
            const canPick = form.mode === 'auto' && !isAutoRunning;
            return (
              <button
                key={tile}
                type="button"
                aria-label={label}
                aria-pressed={form.mode === 'auto' ? isPicked : undefined}
                disabled={form.mode === 'manual' ? !isPlaying || isRevealed : !canPick}
                data-revealed={isRevealed || undefined}
                onClick={() => {
                  if (form.mode === 'manual') reveal(tile);
                  else if (canPick) {
                    setRound({ ...IDLE_ROUND, mineCount });
                    setAutoPicks(toggleAutoPick(autoPicks, tile, mineCount));
                  }
                }}
                className={cn(
                  'flex aspect-square items-center justify-center rounded-lg border-b-4 text-sm font-semibold transition-colors',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-default',
                  !isShown && 'border-b-border bg-card enabled:hover:-translate-y-0.5 enabled:hover:bg-accent',
                  isShown && isMine && 'border-b-destructive/50 bg-destructive/15 text-destructive',
                  isShown && !isMine && 'border-b-success/50 bg-success/15 text-success',
                  isShown && !isRevealed && 'opacity-50',
                  round.hitMine === tile && 'bg-destructive text-destructive-foreground opacity-100',
                  isPicked && !isShown && 'bg-primary/20 ring-2 ring-primary',
                  isPicked && isShown && 'ring-2 ring-primary',
                )}
              >
                {isShown ? isMine ? <Bomb className="size-1/2" aria-hidden="true" /> : <Gem className="size-1/2" aria-hidden="true" /> : null}
              </button>
            );
          })}
        </div>

        <p aria-live="polite" className="min-h-5 text-center text-sm">
          {round.status === 'lost' && `Mine hit on tile ${(round.hitMine ?? 0) + 1}. Round lost · nonce ${round.nonce}`}
          {round.status === 'cashed' &&
            `Cashed out at ${formatMultiplier(current)} · profit ${(stake * current - stake).toFixed(8)} ${code} · nonce ${round.nonce}`}
          {round.status === 'playing' && `Round open · nonce ${round.nonce}. Reveal a tile or cash out.`}
          {round.status === 'idle' && (form.mode === 'manual' ? 'Choose the mines and press Bet.' : 'Pick tiles, then start the autobet.')}
        </p>
      </BoardPanel>
    </GameLayout>
  );
}
