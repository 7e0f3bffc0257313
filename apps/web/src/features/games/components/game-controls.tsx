import type { ComponentProps, ReactNode } from 'react';
import type { AutoBet } from '../hooks/use-auto-bet';
import type { BetForm } from '../hooks/use-bet-form';
import { AutoBetControls } from './auto-bet-controls';
import { ControlsPanel, FormError } from './game-panels';
import { ModePanel, ModeTabs } from './mode-tabs';
import { PlayButton } from './play-button';

export type ManualAutoMode = 'manual' | 'auto';

/** One play mode of a game's controls: its tab, the fields it adds after the shared ones, and its buttons. */
export type PlayMode<M extends string> = { value: M; label: string; fields?: ReactNode; actions: ReactNode };

type Shared<M extends string> = {
  /** Names the panel for screen readers ("Plinko controls"). */
  label: string;
  /** What every mode shows first: the bet amount and the game's settings. */
  fields: ReactNode;
  /** The form's error (read out at once, between the fields and the buttons) and its play mode. */
  form: Pick<BetForm<M>, 'error' | 'mode' | 'setMode'>;
};

/** A game with one play mode: its main button from the game's values (text, busy state, handler), and any buttons after it. */
type OneMode = { play: ComponentProps<typeof PlayButton>; moreActions?: ReactNode };

type Modes<M extends string> = {
  modes: ReadonlyArray<PlayMode<M>>;
  /** While a round or a run is on, every tab is locked. */
  isLocked: boolean;
};

/**
 * The controls panel of every game, in one order: the shared fields, the error, the buttons. A game with one play
 * mode names its main button's values (`play`); a game with play modes (Manual and Auto, ...) gets a tab list
 * first, each tab adding its own fields and buttons.
 */
export function GameControls<M extends string>(props: Shared<M> & (OneMode | Modes<M>)) {
  const { label, fields, form } = props;
  if ('play' in props) {
    const { children, ...play } = props.play;
    return (
      <ControlsPanel label={label}>
        <Ordered
          fields={fields}
          error={form.error}
          actions={
            <>
              <PlayButton {...play}>{children}</PlayButton>
              {props.moreActions}
            </>
          }
        />
      </ControlsPanel>
    );
  }
  return (
    <ControlsPanel label={label}>
      <ModeTabs modes={props.modes} value={form.mode} disabled={props.isLocked} onChange={form.setMode}>
        {props.modes.map((mode) => (
          <ModePanel key={mode.value} value={mode.value}>
            <Ordered
              fields={
                <>
                  {fields}
                  {mode.fields}
                </>
              }
              error={form.error}
              actions={mode.actions}
            />
          </ModePanel>
        ))}
      </ModeTabs>
    </ControlsPanel>
  );
}

/**
 * The fields, the error and the buttons, in that order from lg. Below lg the panel sits under the board, so the
 * buttons and the error come first: on a phone the board's result and the Bet button fit the game area together
 * (the area is 75% of the viewport high, spec 2 §2), and the other settings scroll below them. Only the visual
 * order changes; the reading order stays the same.
 */
function Ordered({ fields, error, actions }: { fields: ReactNode; error: string | null; actions: ReactNode }) {
  return (
    <>
      <div className="flex flex-col gap-4">{fields}</div>
      {error && (
        <div className="-order-1 lg:order-none">
          <FormError message={error} />
        </div>
      )}
      <div className="order-first flex flex-col gap-4 lg:order-none">{actions}</div>
    </>
  );
}

/**
 * Manual and Auto: Manual plays with `manual`'s buttons; Auto adds `autoFields` (the number of bets, ...) and
 * plays the run with Start Autobet (disabled while `isStartDisabled`), or stops it.
 */
export function manualAutoModes({
  manual,
  auto,
  autoFields,
  onStartAuto,
  isStartDisabled,
}: {
  manual: ReactNode;
  auto: AutoBet;
  autoFields: ReactNode;
  onStartAuto: () => void | Promise<void>;
  isStartDisabled?: boolean;
}): Array<PlayMode<ManualAutoMode>> {
  return [
    { value: 'manual', label: 'Manual', actions: manual },
    { value: 'auto', label: 'Auto', fields: autoFields, actions: <AutoBetControls auto={auto} disabled={isStartDisabled} onStart={onStartAuto} /> },
  ];
}
