import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * A labelled input of a game's settings (Cash Out At, Number of Bets, Stop on Profit, ...), with an optional hint
 * below it. While `isInvalid` the input is marked invalid and the hint turns to the error colour.
 */
export function TextField({
  id,
  label,
  hint,
  isInvalid = false,
  onValueChange,
  ...input
}: Omit<ComponentProps<typeof Input>, 'aria-invalid' | 'aria-describedby' | 'onChange'> & {
  label: ReactNode;
  hint?: ReactNode;
  isInvalid?: boolean;
  onValueChange: (value: string) => void;
}) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={isInvalid ? true : undefined}
        aria-describedby={hint === undefined ? undefined : hintId}
        onChange={(e) => onValueChange(e.target.value)}
        {...input}
      />
      {hint !== undefined && (
        <p id={hintId} className={cn('text-xs', isInvalid ? 'text-destructive' : 'text-muted-foreground')}>
          {hint}
        </p>
      )}
    </div>
  );
}
