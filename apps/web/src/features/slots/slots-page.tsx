import { ChevronLeft, ChevronRight, Shuffle } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { SLOT_SORTS } from '@app/shared/api/slots';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Field, FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useSlots } from '@/lib/api/get-slots';
import { SlotDetailDialog } from './slot-detail-dialog';
import { SlotFilters, type SlotFilterValues } from './slot-filters';
import { formatMaxWin, formatRtp, formatVolatility } from './slot-format';

type Sort = (typeof SLOT_SORTS)[number];
const SORT_LABELS: Record<Sort, string> = { name: 'Name (A–Z)', rtp: 'RTP (highest first)', maxWin: 'Max win (highest first)' };

/** Slot Hub (/slots): the catalogue, searchable, filtered and sorted, 24 a page. */
export default function SlotsPage() {
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState<SlotFilterValues>({});
  const [sort, setSort] = useState<Sort>('name');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const search = useDeferredValue(q.trim());
  const query = useSlots({ q: search || undefined, ...filters, sort, page });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const change = (next: SlotFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Slot Hub</h1>
          <p className="mt-1 text-muted-foreground">
            The slots streamers play, with the RTP, volatility and max win their providers publish. A figure a provider has not published is marked Unknown,
            never guessed.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to="/slots/picker">
            <Shuffle aria-hidden="true" /> Random Slot Picker
          </Link>
        </Button>
      </header>

      <div role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6" aria-label="Search slots">
        <FormField
          label="Search by name"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <SlotFilters value={filters} providers={data?.providers ?? []} onChange={change} />
        <Field label="Sort by">
          {(control) => (
            <Select
              value={sort}
              onValueChange={(v) => {
                setSort(v as Sort);
                setPage(1);
              }}
            >
              <SelectTrigger {...control} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SLOT_SORTS.map((s) => (
                  <SelectItem key={s} value={s}>
                    {SORT_LABELS[s]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
      </div>

      <QueryState query={query} loading="Loading slots…" failure="Slot Hub">
        {(list) =>
          list.slots.length === 0 ? (
            <p className="rounded-xl border p-8 text-center text-muted-foreground">No slot matches these filters.</p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {list.total.toLocaleString('en-US')} slot{list.total === 1 ? '' : 's'}
              </p>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {list.slots.map((slot) => (
                  <li key={slot.id}>
                    <button
                      type="button"
                      onClick={() => setOpenId(slot.id)}
                      className="flex h-full w-full flex-col gap-2 rounded-xl border bg-card p-4 text-left shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      <span className="font-semibold">{slot.name}</span>
                      <span className="text-sm text-muted-foreground">{slot.provider}</span>
                      <span className="mt-auto grid grid-cols-3 gap-2 text-xs">
                        <span>
                          <span className="block text-muted-foreground">RTP</span>
                          <span className="font-medium tabular-nums">{formatRtp(slot.rtp)}</span>
                        </span>
                        <span>
                          <span className="block text-muted-foreground">Volatility</span>
                          <span className="font-medium">{formatVolatility(slot.volatility)}</span>
                        </span>
                        <span>
                          <span className="block text-muted-foreground">Max win</span>
                          <span className="font-medium tabular-nums">{formatMaxWin(slot.maxWin)}</span>
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <nav aria-label="Pages" className="flex items-center justify-center gap-3">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  <ChevronLeft aria-hidden="true" /> Previous
                </Button>
                <span className="text-sm tabular-nums">
                  Page {page} of {pages}
                </span>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  Next <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            </>
          )
        }
      </QueryState>
      <SlotDetailDialog slotId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
