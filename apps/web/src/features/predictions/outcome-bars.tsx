import type { Prediction } from '@app/shared/api/predictions';
import { cn } from '@/lib/utils';
import { fmt } from './stake-rules';

/** Each outcome's share of the pool as a bar, the winner marked once resolved (page and overlay). */
export function OutcomeBars({ prediction, className }: { prediction: Prediction; className?: string }) {
  return (
    <ol className={cn('grid gap-2', className)} aria-label="Outcomes">
      {prediction.outcomes.map((o) => {
        const isWinner = prediction.winningOutcomeId === o.id;
        return (
          <li key={o.id} className={cn('rounded-lg border p-3', isWinner && 'border-success bg-success/10')}>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="font-semibold">
                {o.number}. {o.label}
                {isWinner && <span className="ml-2 text-green-800 dark:text-green-200">Winner</span>}
              </span>
              <span>
                {o.percent}% · {fmt(o.pool)} pts · {o.stakeCount} {o.stakeCount === 1 ? 'stake' : 'stakes'}
              </span>
            </div>
            <div className="mt-2 h-2 rounded-full bg-muted" role="presentation">
              <div className={cn('h-2 rounded-full', isWinner ? 'bg-success' : 'bg-primary')} style={{ width: `${o.percent}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export const STATUS_LABELS: Record<Prediction['status'], string> = {
  open: 'Open',
  locked: 'Locked',
  resolved: 'Resolved',
  cancelled: 'Cancelled',
};
