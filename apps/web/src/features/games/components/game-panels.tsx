import type { ReactNode } from 'react';
import { useScrollFocusable } from '@/lib/use-scroll-focusable';
import { cn } from '@/lib/utils';

/** The two-panel layout of a game: controls on the left (below on small screens), the board beside them. */
export function GameLayout({ children }: { children: ReactNode }) {
  return <div className="flex min-h-full flex-col gap-3 p-2 sm:p-3 lg:h-full lg:flex-row">{children}</div>;
}

/** The controls panel, named for screen readers (e.g. "Dice controls"). */
export function ControlsPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="flex w-full shrink-0 flex-col gap-4 rounded-xl border bg-card p-4 lg:w-80 lg:overflow-y-auto">
      {children}
    </section>
  );
}

/**
 * The board panel, shown first on small screens. `className` adds the game's own spacing and alignment
 * (gap, padding, justify/items).
 */
export function BoardPanel({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  // From lg the panel scrolls its content: a tab stop then, while it overflows.
  const scrollRef = useScrollFocusable<HTMLElement>();
  return (
    <section
      ref={scrollRef}
      aria-label={label}
      className={cn('order-first flex flex-1 flex-col rounded-xl border bg-muted/40 lg:order-none lg:min-h-0 lg:overflow-y-auto', className)}
    >
      {children}
    </section>
  );
}

/** The figures above a board (multiplier, chance, profit): each a label over its value, three across. */
export function BoardStats({ items }: { items: ReadonlyArray<{ label: string; value: string }> }) {
  return (
    <dl className="grid w-full max-w-md grid-cols-3 gap-2 text-center text-sm">
      {items.map((item) => (
        <div key={item.label} className="rounded-md bg-card p-2">
          <dt className="text-xs text-muted-foreground">{item.label}</dt>
          <dd className="font-mono font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The result under a board: the outcome (read out when it changes) and, below it, its details. */
export function RoundResult({ label, outcome, children }: { label: string; outcome: string; children?: ReactNode }) {
  return (
    <div className="min-h-10 w-full space-y-1 text-center text-sm">
      {/* min-h-5: the line keeps its place (and its box) before the first round. */}
      <output aria-label={label} aria-live="polite" className="block min-h-5 font-semibold">
        {outcome}
      </output>
      {children}
    </div>
  );
}

/** A form error read out at once (role="alert"); nothing when there is no message. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}
