import type { ReactNode } from 'react';

/** One figure of a page's summary row (a term and its value, inside the caller's <dl>), with its icon. */
export function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-xs text-muted-foreground sm:text-sm">
        <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary/15 text-primary [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-2 text-lg font-bold tabular-nums sm:text-xl">{value}</dd>
    </div>
  );
}
