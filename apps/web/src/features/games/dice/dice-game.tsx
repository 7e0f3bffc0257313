/**
 * Dice (spec 1 §4 Dice, §5, §9): roll over / under a threshold with the provably-fair roll.
 * No server bet and no balance: the amount is a number the player types in the display currency.
 */
import { ArrowLeftRight } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { diceRoll } from '@app/shared/fairness/outcomes';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { cn } from '@/lib/utils';
import { BET_AMOUNT_ERROR, parseBetAmount } from '../bets/bet-amount';
import { recordBet } from '../bets/bet-store';
import { AutoBetControls, AutoBetCountField } from '../components/auto-bet-controls';
import { GameBetAmountField, GameProfitOnWinField } from '../components/bet-amount-field';
import { GameControls, type PlayMode } from '../components/game-controls';
import { BoardPanel, GameLayout } from '../components/game-panels';
import { PlayButton } from '../components/play-button';
import { TextField } from '../components/text-field';
import { RecentResults } from '../components/recent-results';
import { takeRound } from '../fairness/fairness-store';
import { useGameCurrency } from '../game-context';
import { useAutoBet } from '../hooks/use-auto-bet';
import { useBetForm } from '../hooks/use-bet-form';
import { useLinkedNumber } from '../hooks/use-linked-number';
import {
  DICE_DEFAULTS,
  PLAIN_STRATEGY,
  diceProfit,
  formatRoll,
  isDiceWin,
  nextBetAmount,
  pushHistory,
  settingsFromChance,
  settingsFromMultiplier,
  settingsFromThreshold,
  shouldStopRun,
  toggleDirection,
  type BetChange,
  type DiceResult,
  type DiceSettings,
  type DiceStrategy,
} from './dice-rules';

/** Pause between the bets of an auto run, so each roll can be seen. */
export const AUTO_BET_DELAY_MS = 400;

type Mode = 'manual' | 'auto' | 'advanced';
type LastRoll = DiceResult & { nonce: number };
type HistoryItem = DiceResult & { id: number };

function parseOptionalAmount(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null;
}

export default function DiceGame() {
  const { code } = useGameCurrency();
  const ids = useId();
  const form = useBetForm<Mode>('manual');
  const [showBetError, setShowBetError] = useState(false);
  const [settings, setSettings] = useState<DiceSettings>({ ...DICE_DEFAULTS });
  const [history, setHistory] = useState<HistoryItem[]>([]);
  const [last, setLast] = useState<LastRoll | null>(null);
  const [onWin, setOnWin] = useState<BetChange>({ mode: 'reset' });
  const [onLoss, setOnLoss] = useState<BetChange>({ mode: 'reset' });
  const [stopOnProfit, setStopOnProfit] = useState('');
  const [stopOnLoss, setStopOnLoss] = useState('');
  const auto = useAutoBet(AUTO_BET_DELAY_MS);
  const isRunning = auto.isRunning;
  const rollCounter = useRef(0);

  const bet = parseBetAmount(form.amount);
  const betError = showBetError && bet === null ? BET_AMOUNT_ERROR : null;

  function rollOnce(stake: number, current: DiceSettings): { win: boolean; profit: number } {
    const seeds = takeRound();
    const roll = diceRoll(seeds);
    const win = isDiceWin(roll, current.direction, current.threshold);
    recordBet({
      game: 'dice',
      amount: stake,
      multiplier: win ? current.multiplier : 0,
      payout: win ? stake * current.multiplier : 0,
      win,
      nonce: seeds.nonce,
      currency: code,
    });
    setLast({ roll, win, nonce: seeds.nonce });
    rollCounter.current += 1;
    const id = rollCounter.current;
    setHistory((h) => pushHistory(h, { roll, win, id }));
    return { win, profit: win ? stake * (current.multiplier - 1) : -stake };
  }

  function placeManualBet() {
    if (bet === null) {
      setShowBetError(true);
      return;
    }
    setShowBetError(false);
    rollOnce(bet, settings);
  }

  async function startAuto(strategy: DiceStrategy) {
    if (bet === null) {
      setShowBetError(true);
      return;
    }
    if (auto.count === null) return;
    setShowBetError(false);
    const frozen = settings;
    let stake = bet;
    let profit = 0;
    await auto.run(auto.count, () => {
      const result = rollOnce(stake, frozen);
      profit += result.profit;
      if (shouldStopRun(profit, strategy)) return true;
      stake = nextBetAmount(bet, stake, result.win, strategy);
      form.setAmount(stake.toFixed(8));
      return false;
    });
  }

  const advancedStrategy: DiceStrategy = {
    onWin,
    onLoss,
    stopOnProfit: parseOptionalAmount(stopOnProfit),
    stopOnLoss: parseOptionalAmount(stopOnLoss),
  };

  const profitOnWin = diceProfit(bet ?? 0, settings.multiplier);

  const amountField = <GameBetAmountField form={form} disabled={isRunning} error={betError} />;

  const profitField = <GameProfitOnWinField value={profitOnWin} />;

  const countField = (
    <AutoBetCountField
      id={`${ids}-count`}
      label="Number of Bets"
      hint="0 runs until you stop it."
      invalidHint="Enter a whole number of bets (0 or more)."
      auto={auto}
    />
  );

  const stopField = (label: string, value: string, onValueChange: (text: string) => void) => (
    <TextField label={label} inputMode="decimal" placeholder="Off" value={value} disabled={isRunning} onValueChange={onValueChange} />
  );

  const autoButton = (strategy: DiceStrategy) => <AutoBetControls auto={auto} disabled={auto.count === null} onStart={() => startAuto(strategy)} />;

  const modes: Array<PlayMode<Mode>> = [
    {
      value: 'manual',
      label: 'Manual',
      fields: profitField,
      actions: <PlayButton onClick={placeManualBet}>Bet</PlayButton>,
    },
    {
      value: 'auto',
      label: 'Auto',
      fields: (
        <>
          {countField}
          {profitField}
        </>
      ),
      actions: autoButton(PLAIN_STRATEGY),
    },
    {
      value: 'advanced',
      label: 'Advanced',
      fields: (
        <>
          {countField}
          <BetChangeField label="On Win" value={onWin} onChange={setOnWin} disabled={isRunning} />
          <BetChangeField label="On Loss" value={onLoss} onChange={setOnLoss} disabled={isRunning} />
          <div className="grid grid-cols-2 gap-2">
            {stopField('Stop on Profit', stopOnProfit, setStopOnProfit)}
            {stopField('Stop on Loss', stopOnLoss, setStopOnLoss)}
          </div>
        </>
      ),
      actions: autoButton(advancedStrategy),
    },
  ];

  return (
    <GameLayout>
      <GameControls label="Dice controls" form={form} isLocked={isRunning} fields={amountField} modes={modes} />

      <BoardPanel label="Dice" className="justify-between gap-2 p-3 sm:gap-6 sm:p-6">
        <RecentResults
          label="Recent rolls"
          items={history.map((h) => ({ id: h.id, text: formatRoll(h.roll), tone: h.win ? 'success' : 'destructive', srText: h.win ? ' win' : ' loss' }))}
        />

        <div className="flex flex-col items-center gap-2 text-center">
          <output aria-label="Last roll" aria-live="polite" className="flex flex-col items-center">
            <span
              className={cn(
                'text-5xl font-bold tabular-nums sm:text-7xl',
                last === null ? 'text-muted-foreground' : last.win ? 'text-success' : 'text-destructive',
              )}
            >
              {last === null ? formatRoll(0) : formatRoll(last.roll)}
            </span>
            <span className="text-sm text-muted-foreground">
              {last === null ? 'Place a bet to roll.' : `${last.win ? 'Win' : 'Loss'} · nonce ${last.nonce}`}
            </span>
          </output>
        </div>

        <DiceBar
          settings={settings}
          last={last}
          disabled={isRunning}
          onThreshold={(t) => {
            const next = settingsFromThreshold(settings.direction, t);
            if (next) setSettings(next);
          }}
        />

        {/* On a phone: Multiplier and Win Chance side by side, Roll Over (with its switch) below them. */}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <SyncedField
            label="Multiplier"
            suffix="×"
            value={settings.multiplier}
            format={(v) => v.toFixed(4)}
            disabled={isRunning}
            onValue={(v) => {
              const next = settingsFromMultiplier(settings.direction, v);
              if (next) setSettings(next);
              return next !== null;
            }}
            hint="1.0102 to 9900"
          />
          <div className="order-last col-span-2 space-y-1.5 sm:order-none sm:col-span-1">
            <Label htmlFor={`${ids}-threshold`}>{settings.direction === 'over' ? 'Roll Over' : 'Roll Under'}</Label>
            <div className="flex gap-1">
              <SyncedInput
                id={`${ids}-threshold`}
                value={settings.threshold}
                format={(v) => v.toFixed(2)}
                disabled={isRunning}
                onValue={(v) => {
                  const next = settingsFromThreshold(settings.direction, v);
                  if (next) setSettings(next);
                  return next !== null;
                }}
              />
              <Button
                variant="secondary"
                size="icon"
                disabled={isRunning}
                aria-label={settings.direction === 'over' ? 'Switch to roll under' : 'Switch to roll over'}
                onClick={() => setSettings(toggleDirection(settings))}
              >
                <ArrowLeftRight aria-hidden="true" />
              </Button>
            </div>
          </div>
          <SyncedField
            label="Win Chance"
            suffix="%"
            value={settings.chance}
            format={(v) => v.toFixed(2)}
            disabled={isRunning}
            onValue={(v) => {
              const next = settingsFromChance(settings.direction, v);
              if (next) setSettings(next);
              return next !== null;
            }}
            hint="0.01 to 98"
          />
        </div>
      </BoardPanel>
    </GameLayout>
  );
}

function DiceBar({
  settings,
  last,
  disabled,
  onThreshold,
}: {
  settings: DiceSettings;
  last: LastRoll | null;
  disabled: boolean;
  onThreshold: (threshold: number) => void;
}) {
  const isOver = settings.direction === 'over';
  return (
    <div className="space-y-2">
      <div className="relative h-3 overflow-hidden rounded-full" aria-hidden="true">
        <div className={cn('absolute inset-y-0 left-0', isOver ? 'bg-destructive/70' : 'bg-success/80')} style={{ width: `${settings.threshold}%` }} />
        <div className={cn('absolute inset-y-0 right-0', isOver ? 'bg-success/80' : 'bg-destructive/70')} style={{ width: `${100 - settings.threshold}%` }} />
        {last && <div className="absolute inset-y-0 w-1 -translate-x-1/2 bg-foreground" style={{ left: `${last.roll}%` }} />}
      </div>
      <Slider
        aria-label={isOver ? 'Roll over threshold' : 'Roll under threshold'}
        min={0}
        max={100}
        step={0.01}
        value={[settings.threshold]}
        disabled={disabled}
        getValueText={(v) => v.toFixed(2)}
        onValueChange={([v]) => v !== undefined && onThreshold(v)}
      />
      <div className="flex justify-between text-xs text-muted-foreground tabular-nums" aria-hidden="true">
        <span>0</span>
        <span>25</span>
        <span>50</span>
        <span>75</span>
        <span>100</span>
      </div>
    </div>
  );
}

/**
 * A number input bound to one of the linked values: while the player types, a valid number updates
 * the others at once; on leaving the field it shows the canonical value again.
 */
function SyncedInput({
  id,
  value,
  format,
  disabled,
  onValue,
  describedBy,
}: {
  id: string;
  value: number;
  format: (v: number) => string;
  disabled: boolean;
  onValue: (v: number) => boolean;
  describedBy?: string;
}) {
  const linked = useLinkedNumber(value, format, onValue);
  return <Input id={id} inputMode="decimal" disabled={disabled} aria-describedby={describedBy} {...linked.inputProps} />;
}

function SyncedField({
  label,
  suffix,
  hint,
  ...rest
}: {
  label: string;
  suffix: string;
  hint: string;
  value: number;
  format: (v: number) => string;
  disabled: boolean;
  onValue: (v: number) => boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label} <span className="text-muted-foreground">{suffix}</span>
      </Label>
      <SyncedInput id={id} describedBy={`${id}-hint`} {...rest} />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

function BetChangeField({ label, value, onChange, disabled }: { label: string; value: BetChange; onChange: (v: BetChange) => void; disabled: boolean }) {
  const id = useId();
  const [percent, setPercent] = useState(value.mode === 'increase' ? String(value.percent) : '100');
  const percentValue = Number(percent);
  const isPercentValid = percent.trim() !== '' && Number.isFinite(percentValue) && percentValue >= 0;
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-1.5">
          <input type="radio" name={id} checked={value.mode === 'reset'} onChange={() => onChange({ mode: 'reset' })} />
          Reset
        </label>
        <label className="flex items-center gap-1.5">
          <input
            type="radio"
            name={id}
            checked={value.mode === 'increase'}
            onChange={() => onChange({ mode: 'increase', percent: isPercentValid ? percentValue : 0 })}
          />
          Increase by
        </label>
        <Input
          aria-label={`${label}: increase by percent`}
          className="h-8 w-20"
          inputMode="decimal"
          value={percent}
          disabled={disabled || value.mode !== 'increase'}
          aria-invalid={isPercentValid ? undefined : true}
          onChange={(e) => {
            setPercent(e.target.value);
            const n = Number(e.target.value);
            if (e.target.value.trim() !== '' && Number.isFinite(n) && n >= 0) onChange({ mode: 'increase', percent: n });
          }}
        />
        <span aria-hidden="true">%</span>
      </div>
    </fieldset>
  );
}
