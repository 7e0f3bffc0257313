import type { Bonus, HuntSummary } from '@app/shared/api/bonus-hunts';
import { formatCents, formatX } from '@app/shared/domain/money-cents';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** The bonus being opened now: the first unopened one while the hunt is opening. */
export function currentBonusId(hunt: HuntSummary, bonuses: readonly Bonus[]): string | null {
  return hunt.status === 'opening' ? (bonuses.find((b) => b.win === null)?.id ?? null) : null;
}

/** The bonuses in order, the current one marked (aria-current) and highlighted. */
export function BonusTable({ hunt, bonuses, compact = false }: { hunt: HuntSummary; bonuses: readonly Bonus[]; compact?: boolean }) {
  const current = currentBonusId(hunt, bonuses);
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
          </TableRow>
        </TableHeader>
        <TableBody>
          {bonuses.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5} className="text-center text-muted-foreground">
                No bonuses yet.
              </TableCell>
            </TableRow>
          ) : (
            bonuses.map((b, i) => (
              <TableRow key={b.id} aria-current={b.id === current ? 'true' : undefined} className={cn(b.id === current && 'bg-primary/15 font-semibold')}>
                <TableCell className="tabular-nums">{i + 1}</TableCell>
                <TableCell>
                  {b.slotName}
                  {b.provider && !compact && <span className="block text-xs text-muted-foreground">{b.provider}</span>}
                  {b.id === current && <span className="sr-only"> (opening now)</span>}
                </TableCell>
                <TableCell className="text-right tabular-nums">{money(b.bet)}</TableCell>
                <TableCell className="text-right tabular-nums">{b.win === null ? '–' : money(b.win)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatX(b.multiplier)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
