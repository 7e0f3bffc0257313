import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type ProgressProps = Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> & {
  /** Current value; null means indeterminate. Values outside 0..max are clamped. */
  value?: number | null;
  max?: number;
  /** The accessible name of the progress bar (e.g. "Progress to Silver 1"); use aria-labelledby instead when a visible label exists. */
  label?: string;
  indicatorClassName?: string;
};

export function Progress({ className, indicatorClassName, value = null, max = 100, label, ...props }: ProgressProps) {
  const safeMax = Number.isFinite(max) && max > 0 ? max : 100;
  // Radix reports an out-of-range value as an error and drops it; clamp so the bar stays meaningful.
  const safeValue = value === null || !Number.isFinite(value) ? null : Math.min(Math.max(value, 0), safeMax);
  const percent = safeValue === null ? 0 : (safeValue / safeMax) * 100;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      aria-label={label}
      value={safeValue}
      max={safeMax}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn('h-full w-full flex-1 bg-primary transition-transform', safeValue === null && 'animate-pulse', indicatorClassName)}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
