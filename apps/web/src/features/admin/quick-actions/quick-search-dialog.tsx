import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SEARCH_CATEGORIES, SEARCH_STATUS_FILTERS, type SearchCategory, type SearchResponse } from '@app/shared/api/admin';
import { REWARD_CATEGORIES } from '@app/shared/api/store';
import { PARTNER_NAMES } from '@app/shared/domain/leaderboards';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CheckboxField } from '../components/fields';
import { formatDate } from '../components/format';
import { requestErrorMessage } from '../components/request-error';
import { quickSearch } from './api/quick-search';
import { CATEGORY_LABELS, filterLabel, initialSearch, type QuickSearchForm } from './quick-search';

const ANY = 'any';

type Outcome = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; response: SearchResponse };

/** spec 2 §2: Quick Search with its categories, each with its own filters, From/To, Reset and Search. */
export function QuickSearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [form, setForm] = useState<QuickSearchForm>(() => initialSearch());
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });
  const set = (patch: Partial<QuickSearchForm>) => setForm((f) => ({ ...f, ...patch }));

  const run = async (event: React.FormEvent) => {
    event.preventDefault();
    setOutcome({ status: 'loading' });
    try {
      setOutcome({ status: 'done', response: await quickSearch(form) });
    } catch (e) {
      setOutcome({ status: 'error', message: requestErrorMessage(e) });
    }
  };

  const toggleStatus = (value: string, on: boolean) =>
    set({
      statuses: on ? [...form.statuses, value] : form.statuses.filter((s) => s !== value),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Quick Search</DialogTitle>
          <DialogDescription>Find users, affiliates, raffles, store items, orders and redeems.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void run(e)} className="grid gap-3" role="search" aria-label="Quick Search">
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-category`}>Category</Label>
              <Select
                value={form.category}
                onValueChange={(v) => {
                  setForm({
                    ...initialSearch(v as SearchCategory),
                    q: form.q,
                    from: form.from,
                    to: form.to,
                  });
                  setOutcome({ status: 'idle' });
                }}
              >
                <SelectTrigger id={`${id}-category`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SEARCH_CATEGORIES.map((c) => (
                    <SelectItem key={c} value={c}>
                      {CATEGORY_LABELS[c]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-q`}>Search</Label>
              <Input id={`${id}-q`} type="search" value={form.q} onChange={(e) => set({ q: e.target.value })} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-from`}>From</Label>
              <Input id={`${id}-from`} type="date" value={form.from} onChange={(e) => set({ from: e.target.value })} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-to`}>To</Label>
              <Input id={`${id}-to`} type="date" value={form.to} onChange={(e) => set({ to: e.target.value })} />
            </div>
            {form.category === 'affiliates' && (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-partner`}>Partner</Label>
                <Select value={form.partner || ANY} onValueChange={(v) => set({ partner: v === ANY ? '' : v })}>
                  <SelectTrigger id={`${id}-partner`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ANY}>All</SelectItem>
                    {PARTNER_NAMES.map((p) => (
                      <SelectItem key={p} value={p}>
                        {p}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            )}
            {form.category === 'store_items' && (
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-reward-category`}>Store category</Label>
                <Select value={form.rewardCategory || ANY} onValueChange={(v) => set({ rewardCategory: v === ANY ? '' : v })}>
                  <SelectTrigger id={`${id}-reward-category`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ANY}>All</SelectItem>
                    {REWARD_CATEGORIES.map((c) => (
                      <SelectItem key={c} value={c}>
                        {c}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            )}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Filters</legend>
            <div className="flex flex-wrap gap-4">
              {SEARCH_STATUS_FILTERS[form.category].map((value) => (
                <CheckboxField
                  key={value}
                  label={filterLabel(value)}
                  checked={form.statuses.includes(value)}
                  onCheckedChange={(on) => toggleStatus(value, on)}
                />
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button
              variant="outline"
              onClick={() => {
                setForm(initialSearch(form.category));
                setOutcome({ status: 'idle' });
              }}
            >
              Reset
            </Button>
            <Button type="submit" disabled={outcome.status === 'loading'}>
              {outcome.status === 'loading' ? 'Searching…' : 'Search'}
            </Button>
          </div>
        </form>
        <div aria-live="polite" className="grid gap-2">
          {outcome.status === 'error' && (
            <p role="alert" className="text-sm text-destructive">
              {outcome.message}
            </p>
          )}
          {outcome.status === 'done' && (
            <>
              {outcome.response.note && <p className="text-sm text-muted-foreground">{outcome.response.note}</p>}
              {outcome.response.results.length === 0 ? (
                <p className="text-sm text-muted-foreground">No results.</p>
              ) : (
                <ul className="grid max-h-72 gap-1 overflow-y-auto" aria-label="Results">
                  {outcome.response.results.map((r) => (
                    <li key={r.id}>
                      <Link
                        to={r.link}
                        onClick={() => onOpenChange(false)}
                        className="grid gap-0.5 rounded-md border p-2 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        <span className="font-medium">{r.title}</span>
                        <span className="text-muted-foreground">
                          {r.subtitle}
                          {r.status ? ` · ${r.status}` : ''}
                          {r.date ? ` · ${formatDate(r.date)}` : ''}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
