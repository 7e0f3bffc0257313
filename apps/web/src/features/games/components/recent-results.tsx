import { cn } from '@/lib/utils';

export type RecentResult = {
  id: number;
  /** What the chip shows (a roll, a multiplier). */
  text: string;
  tone: 'success' | 'destructive' | 'muted';
  /** Read after the text by screen readers only (e.g. " win"). */
  srText?: string;
};

// The tinted success/destructive text falls under 4.5:1 on the board (axe): darker text in the light theme, and a
// lighter red in the dark theme (the destructive red on its own tint measured 3.95:1).
const TONES: Record<RecentResult['tone'], string> = {
  success: 'bg-green-100 text-green-900 dark:bg-success/15 dark:text-success',
  destructive: 'bg-red-100 text-red-900 dark:bg-destructive/15 dark:text-red-300',
  muted: 'bg-muted text-muted-foreground',
};

/** The strip of the latest results (newest first) at the top of a game board. */
export function RecentResults({ label, items }: { label: string; items: readonly RecentResult[] }) {
  return (
    <ol aria-label={label} className="flex min-h-8 flex-wrap justify-end gap-1.5">
      {items.map((item) => (
        <li key={item.id} className={cn('rounded-md px-2 py-1 font-mono text-xs font-semibold tabular-nums', TONES[item.tone])}>
          {item.text}
          {item.srText !== undefined && <span className="sr-only">{item.srText}</span>}
        </li>
      ))}
    </ol>
  );
}
