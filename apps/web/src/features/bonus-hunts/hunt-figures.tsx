import type { HuntSummary } from '@app/shared/api/bonus-hunts';
import { formatCents, formatX } from '@app/shared/domain/money-cents';
import { cn } from '@/lib/utils';

/** The live figures of a hunt, as a definition list (hunt page and overlay). */
export function HuntFigures({ hunt, compact = false, isFinalShown = false }: { hunt: HuntSummary; compact?: boolean; isFinalShown?: boolean }) {
  const f = hunt.figures;
  const money = (cents: number) => formatCents(cents, hunt.currency);
  // The overlay of a finished hunt: its final balance in place of the running figure.
  const isFinal = isFinalShown && hunt.status === 'finished' && hunt.finalBalance !== null;
  const items: [string, string][] = [
    ['Start balance', money(f.totalCost)],
    ['Bonuses', `${f.opened} / ${f.collected} opened`],
    isFinal ? ['Final balance', money(hunt.finalBalance!)] : ['Won so far', money(f.wonSoFar)],
    [f.profit >= 0 ? 'Profit' : 'Loss', money(Math.abs(f.profit))],
    ['Average', formatX(f.averageX)],
    ['Break-even', formatX(f.breakEvenX)],
    ['Best', formatX(f.bestX)],
    ['Worst', formatX(f.worstX)],
  ];
  return (
    <dl className={cn('grid gap-2', compact ? 'grid-cols-4' : 'grid-cols-2 sm:grid-cols-4')}>
      {items.map(([term, value]) => (
        <div key={term} className={cn('rounded-lg border bg-card', compact ? 'p-2' : 'p-3')}>
          <dt className="text-xs text-muted-foreground">{term}</dt>
          <dd className={cn('font-bold tabular-nums', compact ? 'text-sm' : 'text-lg')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const STATUS_LABELS = { collecting: 'Collecting', opening: 'Opening', finished: 'Finished' } as const;
