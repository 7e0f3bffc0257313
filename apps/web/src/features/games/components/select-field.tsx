import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';

type SelectOption = { value: string | number; label: ReactNode };

/** The options for a list of values, each shown with its label. */
export function optionsOf<V extends string>(values: readonly V[], labels: Record<V, string>): SelectOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A labelled select of a game's settings (Risk, Difficulty, Mines); `onValueChange` gets the chosen option's value as text. */
export function SelectField({
  id,
  label,
  value,
  options,
  disabled,
  onValueChange,
}: {
  /** The select's id; its own when not given. */
  id?: string;
  label: string;
  value: string | number;
  options: readonly SelectOption[];
  disabled: boolean;
  onValueChange: (value: string) => void;
}) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={selectId}>{label}</Label>
      <select
        id={selectId}
        value={value}
        disabled={disabled}
        onChange={(e) => onValueChange(e.target.value)}
        className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-50 dark:bg-input/30"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
