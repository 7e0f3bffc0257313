import type { AutoBet } from '../hooks/use-auto-bet';
import { PlayButton } from './play-button';
import { TextField } from './text-field';

/**
 * The "Number of ..." field of an auto run: while a counted run is on it shows the rounds left. With
 * `invalidHint` the field is marked invalid and says so while it holds no whole number (Dice); the other
 * games say it when Start is pressed.
 */
export function AutoBetCountField({ id, label, hint, invalidHint, auto }: { id: string; label: string; hint: string; invalidHint?: string; auto: AutoBet }) {
  const isInvalid = invalidHint !== undefined && auto.count === null;
  return (
    <TextField
      id={id}
      label={label}
      hint={isInvalid ? invalidHint : hint}
      isInvalid={isInvalid}
      inputMode="numeric"
      value={auto.isRunning && auto.left !== null ? String(auto.left) : auto.countText}
      disabled={auto.isRunning}
      onValueChange={auto.setCountText}
    />
  );
}

/** Start Autobet, or Stop Autobet while the run is on. */
export function AutoBetControls({ auto, onStart, disabled }: { auto: AutoBet; onStart: () => void | Promise<void>; disabled?: boolean }) {
  return auto.isRunning ? (
    <PlayButton variant="destructive" onClick={auto.stop}>
      Stop Autobet
    </PlayButton>
  ) : (
    <PlayButton disabled={disabled} onClick={() => void onStart()}>
      Start Autobet
    </PlayButton>
  );
}
