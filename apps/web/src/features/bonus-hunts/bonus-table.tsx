import type { Bonus, HuntSummary } from '@app/shared/api/bonus-hunts';
import { nextBonusToOpen } from '@app/shared/domain/bonus-hunt-stats';
import { formatCents, formatX } from '@app/shared/domain/money-cents';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** The bonus being opened now: the first unopened one while the hunt is opening. */
export function currentBonusId(hunt: HuntSummary, bonuses: readonly Bonus[]): string | null {
  return hunt.status === 'opening' ? (nextBonusToOpen(bonuses)?.id ?? null) : null;
}

/**
 * The bonuses in order, the current one marked (aria-current) and highlighted; once opened, who
 * guessed the × best. `page`: only these of `bonuses` are listed (the overlay's rows), numbered in the whole list.
 */
export function BonusTable({
  hunt,
  bonuses,
  compact = false,
  page,
}: {
  hunt: HuntSummary;
  bonuses: readonly Bonus[];
  compact?: boolean;
  page?: { from: number; to: number };
}) {
  const current = currentBonusId(hunt, bonuses);
  const from = page?.from ?? 0;
  const shown = page ? bonuses.slice(page.from, page.to) : bonuses;
  const money = (cents: number) => formatCents(cents, hunt.currency);
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table className={compact ? 'text-xs' : undefined}>
        <TableCaption className="sr-only">Bonuses of {hunt.title}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>#</TableHead>
            <TableHead>Slot</TableHead>
            <TableHead className="text-right">Bet</TableHead>
            <TableHead className="text-right">Win</TableHead>
            <TableHead className="text-right">×</TableHead>
            <TableHead>Best guess</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bonuses.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6} className="text-center text-muted-foreground">
                No bonuses yet.
              </TableCell>
            </TableRow>
          ) : (
            shown.map((b, i) => (
              <TableRow key={b.id} aria-current={b.id === current ? 'true' : undefined} className={cn(b.id === current && 'bg-primary/15 font-semibold')}>
                <TableCell className="tabular-nums">{from + i + 1}</TableCell>
                <TableCell>
                  {b.slotName}
                  {b.provider && !compact && <span className="block text-xs text-muted-foreground">{b.provider}</span>}
                  {b.id === current && <span className="sr-only"> (opening now)</span>}
                </TableCell>
                <TableCell className="text-right tabular-nums">{money(b.bet)}</TableCell>
                <TableCell className="text-right tabular-nums">{b.win === null ? '–' : money(b.win)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatX(b.multiplier)}</TableCell>
                <TableCell>
                  {b.bestGuess ? (
                    <>
                      {b.bestGuess.username} <span className="tabular-nums text-muted-foreground">({formatX(b.bestGuess.multiplier)})</span>
                    </>
                  ) : b.win !== null ? (
                    <span className="text-muted-foreground">No guesses</span>
                  ) : b.guessCount > 0 ? (
                    <span className="text-muted-foreground">
                      {b.guessCount} guess{b.guessCount === 1 ? '' : 'es'}
                    </span>
                  ) : (
                    '–'
                  )}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
