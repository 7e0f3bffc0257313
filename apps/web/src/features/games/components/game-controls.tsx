import type { ReactNode } from 'react';
import type { AutoBet } from '../hooks/use-auto-bet';
import type { BetForm } from '../hooks/use-bet-form';
import { AutoBetControls } from './auto-bet-controls';
import { ControlsPanel, FormError } from './game-panels';
import { ModePanel, ModeTabs } from './mode-tabs';

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

type Modes<M extends string> = {
  modes: ReadonlyArray<PlayMode<M>>;
  /** While a round or a run is on, every tab is locked. */
  isLocked: boolean;
};

/**
 * The controls panel of every game, in one order: the shared fields, the error, the buttons. A game with play
 * modes (Manual and Auto, ...) gets a tab list first, each tab adding its own fields and buttons.
 */
export function GameControls<M extends string>(props: Shared<M> & ({ actions: ReactNode } | Modes<M>)) {
  const { label, fields, form } = props;
  const errorText = <FormError message={form.error} />;
  if ('actions' in props) {
    return (
      <ControlsPanel label={label}>
        {fields}
        {errorText}
        {props.actions}
      </ControlsPanel>
    );
  }
  return (
    <ControlsPanel label={label}>
      <ModeTabs modes={props.modes} value={form.mode} disabled={props.isLocked} onChange={form.setMode}>
        {props.modes.map((mode) => (
          <ModePanel key={mode.value} value={mode.value}>
            {fields}
            {mode.fields}
            {errorText}
            {mode.actions}
          </ModePanel>
        ))}
      </ModeTabs>
    </ControlsPanel>
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
