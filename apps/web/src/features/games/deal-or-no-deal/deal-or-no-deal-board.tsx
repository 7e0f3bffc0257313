import { Briefcase } from 'lucide-react';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { cn } from '@/lib/utils';

const pts = (n: number) => n.toLocaleString('en-US');

/**
 * The board everyone watches: the cases (a value once opened), the values still in play and the
 * banker's offers. `onCase` makes the closed cases buttons (the contestant picking or opening).
 */
export function DealOrNoDealBoard({ round, onCase, pending }: { round: DealOrNoDealRound; onCase?: (c: number) => void; pending?: boolean }) {
  const remaining = [...round.remainingValues];
  const values = [...round.values].sort((a, b) => a - b);
  // Each value of the board lit while still unopened (duplicates counted).
  const lit = values.map((v) => {
    const i = remaining.indexOf(v);
    if (i < 0) return false;
    remaining.splice(i, 1);
    return true;
  });
  return (
    <div className="grid gap-4" data-testid="dond-board">
      <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-7" aria-label="Cases">
        {round.cases.map((c) => {
          const label = c.value !== null ? `Case ${c.case}: ${pts(c.value)} points${c.own ? ' (your case)' : ''}` : `Case ${c.case}${c.own ? ' (kept)' : ''}`;
          const body = (
            <>
              <Briefcase className="size-4" aria-hidden="true" />
              <span className="text-sm font-bold">{c.case}</span>
              {c.value !== null && <span className="text-xs font-semibold">{pts(c.value)}</span>}
            </>
          );
          const tone = c.opened
            ? 'bg-muted text-muted-foreground line-through'
            : c.own
              ? 'bg-emerald-700 text-white ring-2 ring-emerald-300'
              : 'bg-gradient-to-b from-amber-300 to-amber-500 text-amber-950';
          const canClick = onCase && !c.opened && !c.own;
          return (
            <li key={c.case}>
              {canClick ? (
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => onCase(c.case)}
                  aria-label={label}
                  className={cn(
                    'flex h-16 w-full flex-col items-center justify-center rounded-md shadow-sm transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-70',
                    tone,
                  )}
                >
                  {body}
                </button>
              ) : (
                <div aria-label={label} role="img" className={cn('flex h-16 w-full flex-col items-center justify-center rounded-md', tone)}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Values in play</h3>
        <ul className="grid grid-cols-2 gap-1 text-xs sm:grid-cols-4" aria-label="Values in play">
          {values.map((v, i) => (
            <li
              key={i}
              className={cn('rounded px-2 py-1 text-right font-mono', lit[i] ? 'bg-amber-400 text-amber-950' : 'bg-muted text-muted-foreground line-through')}
            >
              <span className="sr-only">{lit[i] ? 'In play: ' : 'Gone: '}</span>
              {pts(v)}
            </li>
          ))}
        </ul>
      </div>
      {round.offers.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">Banker's offers</h3>
          <ol className="grid gap-1 text-sm" aria-label="Banker's offers">
            {round.offers.map((o) => (
              <li key={o.round} className="flex justify-between gap-2 rounded bg-muted px-2 py-1">
                <span>
                  Round {o.round} ({Math.round(o.sharePercent)}%)
                </span>
                <span className="font-mono font-semibold">{pts(o.amount)} pts</span>
                <span className="text-muted-foreground">{o.answer === 'deal' ? 'Deal' : o.answer === 'no_deal' ? 'No Deal' : 'Waiting'}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

/** One line on where the round is (the page and the overlay). */
export function dealOrNoDealStatusText(round: DealOrNoDealRound): string {
  const who = round.contestant?.username ?? 'The contestant';
  switch (round.status) {
    case 'draft':
      return `Round #${round.roundNumber} is being prepared.`;
    case 'open':
      return `Round #${round.roundNumber} is open: ${round.entries} joined so far.`;
    case 'cancelled':
      return `Round #${round.roundNumber} was cancelled.`;
    case 'finished': {
      const r = round.result!;
      if (r.reason === 'restricted') return `Round #${round.roundNumber} ended with no prize: the contestant is restricted from Deal or No Deal.`;
      if (r.outcome === 'deal') return `${who} took the deal: ${pts(r.prize)} points${r.auto ? ' (taken after 2 minutes without an answer)' : ''}.`;
      return `${who} ${r.outcome === 'swap' ? 'swapped for' : 'kept'} case ${r.finalCase} and won ${pts(r.prize)} points.`;
    }
    default:
      if (round.stage === 'pick') return `${who} is picking a case to keep.`;
      if (round.stage === 'offer') return `The banker offers ${pts(round.offers.at(-1)!.amount)} points. Deal or No Deal?`;
      if (round.stage === 'final') return `${who} decides: keep the case or swap it for the last one.`;
      return `${who} opens ${round.toOpen} more case${round.toOpen === 1 ? '' : 's'} this round.`;
  }
}
