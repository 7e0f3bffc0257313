import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import type { ControlProps } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A select of fixed options (shown as `labelOf` gives them, or as they are), for a Field's control. */
export function EnumSelect<T extends string>({
  value,
  options,
  onChange,
  control,
  labelOf = (option) => option,
  placeholder,
}: {
  value: T | undefined;
  options: readonly T[];
  onChange: (value: T) => void;
  control?: ControlProps;
  labelOf?: (option: T) => string;
  placeholder?: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as T)}>
      <SelectTrigger {...control} className="w-full">
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option} value={option}>
            {labelOf(option)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({ label, checked, onCheckedChange }: { label: string; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onCheckedChange(v === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

export const textareaClass =
  'min-h-16 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive dark:bg-input/30';

/** A number input's value for react-hook-form: NaN (invalid) for an empty box. */
export function numberOrNaN(value: unknown): number {
  return value === '' || value === null || value === undefined ? Number.NaN : Number(value);
}

/** A number input's value where an empty box means "none". */
export function numberOrNull(value: unknown): number | null {
  return value === '' || value === null || value === undefined ? null : Number(value);
}

/**
 * The dark theme's destructive token is light enough for red text on the dark ground, too light
 * under white button text (axe color-contrast): destructive buttons take a darker red in dark mode.
 */
export const destructiveButtonClass = 'dark:bg-red-700 dark:hover:bg-red-800';
