import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatX } from '@app/shared/domain/money-cents';
import { useSlot } from './api/get-slot';
import { formatMaxWin, formatRtp, formatVolatility } from './slot-format';

/** A slot's figures and its bonus-hunt history here. */
export function SlotDetailDialog({ slotId, onClose }: { slotId: string | null; onClose: () => void }) {
  const query = useSlot(slotId);
  const detail = query.data;
  return (
    <Dialog open={slotId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{detail?.slot.name ?? 'Slot'}</DialogTitle>
          <DialogDescription>{detail ? detail.slot.provider : query.isError ? 'The slot could not be loaded.' : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {detail && (
          <div className="grid gap-4">
            {detail.slot.imageUrl && <img src={detail.slot.imageUrl} alt="" className="max-h-48 w-full rounded-lg object-cover" loading="lazy" />}
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <Fact term="RTP" value={formatRtp(detail.slot.rtp)} />
              <Fact term="Volatility" value={formatVolatility(detail.slot.volatility)} />
              <Fact term="Max win" value={formatMaxWin(detail.slot.maxWin)} />
              <Fact term="Released" value={detail.slot.year?.toString() ?? '–'} />
            </dl>
            <section aria-labelledby="slot-history-title" className="grid gap-2">
              <h3 id="slot-history-title" className="font-semibold">
                In our bonus hunts
              </h3>
              <dl className="grid grid-cols-3 gap-3 text-sm">
                <Fact term="Times played" value={String(detail.history.timesPlayed)} />
                <Fact term="Average" value={formatX(detail.history.averageX)} />
                <Fact term="Best" value={formatX(detail.history.bestX)} />
              </dl>
            </section>
            <p className="text-xs text-muted-foreground">Source: {detail.slot.source ?? 'not given'}. A dash means no figure known with confidence.</p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
