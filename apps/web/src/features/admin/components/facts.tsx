import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A details dialog's label/value pairs, two to a row (the caller may widen the grid). */
export function Facts({ facts, className }: { facts: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3 text-sm', className)}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
