/**
 * Duck Duck Goose (spec 2 §2, §4 Duck Duck Goose, §9): 8 slots; Bet starts a round and its first
 * hunt; the indicator cycles every 200 ms for 20 to 29 steps and lands on a slot that shows 'Goose' or 'Duck',
 * as the provably-fair engine decided for that hunt. A goose raises the multiplier by the difficulty's step,
 * a duck loses the bet. No server bet and no balance.
 */
import { Bird } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { DDG_DIFFICULTIES, DDG_DIFFICULTY_LABELS, isDdgDifficulty, type DdgDifficulty, type DdgHunt } from '@app/shared/fairness/duck-duck-goose';
import { Button } from '@/components/ui/button';
import type { CurrencyCode } from '@app/shared/games/currencies';
import { cn } from '@/lib/utils';
import { recordBet } from '../bets/bet-store';
import { AutoBetCountField } from '../components/auto-bet-controls';
import { GameBetAmountField } from '../components/bet-amount-field';
import { GameControls, manualAutoModes } from '../components/game-controls';
import { BoardPanel, BoardStats, GameLayout } from '../components/game-panels';
import { PlayButton } from '../components/play-button';
import { TextField } from '../components/text-field';
import { SelectField, optionsOf } from '../components/select-field';
import { setRoundOpen, takeRound } from '../fairness/fairness-store';
import { formatMultiplier } from '../format';
import { useGameCurrency } from '../game-context';
import { AUTO_ROUND_DELAY_MS, useAutoBet } from '../hooks/use-auto-bet';
import { useBetForm } from '../hooks/use-bet-form';
import { useRoundAnimation, type EndRound } from '../hooks/use-round-animation';
import {
  DDG_DEFAULT_DIFFICULTY,
  DDG_HUNT_LABELS,
  DDG_SLOTS,
  DDG_STEP_MS,
  canCashout,
  ddgRoundText,
  cashout,
  geeseOf,
  indicatorSlot,
  indicatorSteps,
  land,
  nextHunt,
  nextOdds,
  playAutoRound,
  roundMultiplier,
  settleRound,
  shownMultiplier,
  startRound,
  type DdgRoundState,
} from './duckduckgoose-rules';

const SLOTS = Array.from({ length: DDG_SLOTS }, (_, i) => i);
const DIFFICULTY_OPTIONS = optionsOf(DDG_DIFFICULTIES, DDG_DIFFICULTY_LABELS);
/** Tinted backgrounds with text dark (light theme) or light (dark theme) enough for 4.5:1. */
const HUNT_TONE: Record<DdgHunt, string> = {
  goose: 'border-green-700 bg-green-100 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-200',
  duck: 'border-red-700 bg-red-100 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-200',
};

type Landing = { slot: number; hunt: DdgHunt };
/** A hunt under way: the engine's answer is known; `end` lands it now. */
type Pending = { round: DdgRoundState; hunt: DdgHunt; slot: number; end: EndRound };

/** Records a finished round in My Bets (a cash-out pays bet × M_k, a duck nothing). */
function recordRound(ended: DdgRoundState, currency: CurrencyCode) {
  const settlement = settleRound(ended);
  if (!settlement) return;
  recordBet({ game: 'duckduckgoose', amount: ended.bet, ...settlement, nonce: ended.seeds.nonce, currency });
}

export default function DuckDuckGooseGame() {
  const { code } = useGameCurrency();
  const ids = useId();
  const form = useBetForm();
  const [difficulty, setDifficulty] = useState<DdgDifficulty>(DDG_DEFAULT_DIFFICULTY);
  const [round, setRound] = useState<DdgRoundState | null>(null);
  const [indicator, setIndicator] = useState(0);
  const [landing, setLanding] = useState<Landing | null>(null);
  const [isHunting, setIsHunting] = useState(false);
  const [targetText, setTargetText] = useState('1');
  const auto = useAutoBet(AUTO_ROUND_DELAY_MS);
  const isAutoRunning = auto.isRunning;
  const playRound = useRoundAnimation();
  const pendingRef = useRef<Pending | null>(null);
  /** The latest round, for leaving the page mid-round. */
  const roundRef = useRef<DdgRoundState | null>(null);
  const indicatorRef = useRef(0);
  const codeRef = useRef(code);
  codeRef.current = code;

  useEffect(
    () => () => {
      // Leaving mid-round: the hunt under way lands as the engine decided, and what was found is cashed out.
      pendingRef.current?.end();
      const open = roundRef.current;
      if (open && canCashout(open)) recordRound(cashout(open), codeRef.current);
      roundRef.current = null;
      setRoundOpen(false);
    },
    [],
  );

  function update(next: DdgRoundState, currency = code) {
    roundRef.current = next;
    setRound(next);
    if (next.status === 'open') return;
    setRoundOpen(false);
    recordRound(next, currency);
  }

  /** One hunt: the engine answers now; the indicator only shows it, landing on a slot that says so. */
  function hunt(from: DdgRoundState) {
    const steps = indicatorSteps(Math.random);
    const start = indicatorRef.current;
    const pending: Pending = { round: from, hunt: nextHunt(from), slot: indicatorSlot(start, steps), end: () => {} };
    setLanding(null);
    pendingRef.current = pending;
    pending.end = playRound({
      finish: (isAnimated) => {
        pendingRef.current = null;
        indicatorRef.current = pending.slot;
        setIndicator(pending.slot);
        setLanding({ slot: pending.slot, hunt: pending.hunt });
        setIsHunting(false);
        // Not animated to the end: landed at once, or by leaving the screen, when the currency shown last counts.
        update(land(from, pending.hunt), isAnimated ? code : codeRef.current);
      },
      beforeFrames: () => setIsHunting(true),
      onFrame: (elapsed) => {
        const step = Math.floor(elapsed / DDG_STEP_MS);
        if (step >= steps) return true;
        setIndicator(indicatorSlot(start, step));
        return false;
      },
    });
  }

  function bet() {
    if (isHunting || isAutoRunning || round?.status === 'open') return;
    const value = form.readBet();
    if (value === null) return;
    const seeds = takeRound();
    const started = startRound(seeds, difficulty, value);
    setRoundOpen(true);
    roundRef.current = started;
    setRound(started);
    hunt(started);
  }

  /** spec 2 §4: 'Hunt Again' after a landing: the next hunt of an open round, or a new round after it ended. */
  function huntAgain() {
    if (isHunting || landing === null) return;
    if (round?.status === 'open') hunt(round);
    else bet();
  }

  function cashOutNow() {
    if (isHunting || !canCashout(round)) return;
    update(cashout(round!));
  }

  async function startAuto() {
    if (isAutoRunning) return;
    const value = form.readBet();
    if (value === null) return;
    const target = Number(targetText);
    const total = auto.count;
    if (!Number.isInteger(target) || target < 1 || target > 100) {
      form.setError('Enter a whole number of geese from 1 to 100.');
      return;
    }
    if (total === null) {
      form.setError('Enter a whole number of rounds (0 or more).');
      return;
    }
    await auto.run(total, () => {
      const ended = playAutoRound(takeRound(), difficulty, value, target);
      const slot = indicatorSlot(indicatorRef.current, indicatorSteps(Math.random));
      indicatorRef.current = slot;
      setIndicator(slot);
      setLanding({ slot, hunt: ended.hunts.at(-1)! });
      update(ended);
    });
  }

  const isOpen = round?.status === 'open';
  const isBusy = isHunting || isOpen || isAutoRunning;
  const odds = nextOdds(round, difficulty);
  const multiplier = shownMultiplier(round);

  let message = 'Choose a difficulty and press Bet.';
  if (isHunting) message = 'Hunting...';
  else if (round?.status === 'open' && geeseOf(round) > 0)
    message = `Goose! Multiplier ${formatMultiplier(roundMultiplier(round))} · nonce ${round.seeds.nonce}. Hunt again or cash out.`;
  else if (round?.status === 'lost') message = `Duck! The bet is lost · nonce ${round.seeds.nonce}`;
  else if (round?.status === 'cashed')
    message = `Cashed out at ${formatMultiplier(roundMultiplier(round))} · payout ${(round.bet * roundMultiplier(round)).toFixed(8)} ${code} · nonce ${round.seeds.nonce}`;

  const fields = (
    <>
      <GameBetAmountField form={form} disabled={isBusy} />
      <SelectField
        label="Difficulty"
        value={difficulty}
        options={DIFFICULTY_OPTIONS}
        disabled={isBusy}
        onValueChange={(v) => isDdgDifficulty(v) && setDifficulty(v)}
      />
    </>
  );
  const modes = manualAutoModes({
    manual: (
      <>
        <PlayButton disabled={isBusy} onClick={bet}>
          Bet
        </PlayButton>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" disabled={isHunting || landing === null || isAutoRunning} onClick={huntAgain}>
            Hunt Again
          </Button>
          <Button variant="secondary" disabled={isHunting || !canCashout(round)} onClick={cashOutNow}>
            Cashout
          </Button>
        </div>
      </>
    ),
    auto,
    autoFields: (
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label="Cash Out After"
          hint="Geese per round."
          inputMode="numeric"
          value={targetText}
          disabled={isAutoRunning}
          onValueChange={setTargetText}
        />
        <AutoBetCountField id={`${ids}-rounds`} label="Number of Bets" hint="0 runs until you stop it." auto={auto} />
      </div>
    ),
    onStartAuto: startAuto,
    isStartDisabled: isHunting || isOpen,
  });

  return (
    <GameLayout>
      <GameControls label="Duck Duck Goose controls" form={form} isLocked={isBusy} fields={fields} modes={modes} />

      <BoardPanel label="Duck Duck Goose game" className="items-center justify-center gap-5 p-3 sm:p-6">
        <BoardStats
          items={[
            { label: 'Multiplier', value: formatMultiplier(multiplier) },
            { label: 'Goose chance', value: `${(odds.chance * 100).toFixed(2)}%` },
            { label: 'On a goose', value: formatMultiplier(odds.multiplier) },
          ]}
        />

        <ol aria-label="Slots" className="grid w-full max-w-md grid-cols-4 gap-2 sm:gap-3">
          {SLOTS.map((slot) => {
            const isActive = (isHunting || landing !== null) && indicator === slot;
            const shown = landing?.slot === slot && !isHunting ? landing.hunt : null;
            return (
              <li
                key={slot}
                data-active={isActive || undefined}
                data-hunt={shown ?? undefined}
                aria-current={isActive ? 'true' : undefined}
                className={cn(
                  'flex aspect-square flex-col items-center justify-center gap-1 rounded-xl border-2 bg-card text-sm font-semibold transition-transform duration-150 will-change-transform',
                  isActive ? 'scale-105 border-primary' : 'border-transparent',
                  shown !== null && HUNT_TONE[shown],
                )}
              >
                <Bird aria-hidden="true" className={cn('size-8', shown === null && 'text-muted-foreground')} />
                <span className={cn(shown === null && 'sr-only')}>{shown ? DDG_HUNT_LABELS[shown] : `Slot ${slot + 1}`}</span>
              </li>
            );
          })}
        </ol>

        <div className="flex w-full max-w-md flex-col items-center gap-2">
          <ol aria-label="Hunts" className="flex min-h-7 flex-wrap justify-center gap-1.5">
            {(round?.hunts ?? []).map((h, i) => (
              <li key={i} className={cn('rounded-md px-2 py-1 text-xs font-semibold', HUNT_TONE[h])}>
                {DDG_HUNT_LABELS[h]}
              </li>
            ))}
          </ol>
          <p role="status" aria-label="Round" className="min-h-5 text-center text-sm">
            {message}
          </p>
          {round && round.hunts.length > 0 && !isOpen && (
            <p className="text-xs text-muted-foreground">Round {ddgRoundText(round.hunts, roundMultiplier(round), round.status === 'lost')}</p>
          )}
        </div>
      </BoardPanel>
    </GameLayout>
  );
}
