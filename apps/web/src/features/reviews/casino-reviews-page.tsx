import { Search, SearchX } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  CASINO_CATEGORY_OPTIONS,
  CASINO_TABS,
  DEFAULT_CASINO_FILTERS,
  filterCasinos,
  type CasinoCategory,
  type CasinoFilters,
  type CasinoReview,
  type CasinoTab,
} from '@app/shared/domain/casino-reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { prefersReducedMotion } from '@/lib/use-reduced-motion';
import { cn } from '@/lib/utils';
import { CasinoDetail } from './casino-detail';
import { SAMPLE_CASINOS } from './casino-data';
import { StarRating } from './star-rating';

/** /casino-reviews (spec 2 §2): the partner casino directory with filters and a detail panel. */
export default function CasinoReviewsPage() {
  return <CasinoReviews casinos={SAMPLE_CASINOS} />;
}

function isCategory(value: string): value is CasinoCategory {
  return CASINO_CATEGORY_OPTIONS.some((option) => option.value === value);
}

function isTab(value: string): value is CasinoTab {
  return CASINO_TABS.some((tab) => tab.value === value);
}

export function CasinoReviews({ casinos }: { casinos: readonly CasinoReview[] }) {
  const [filters, setFilters] = useState<CasinoFilters>(DEFAULT_CASINO_FILTERS);
  // Nothing is selected until the visitor picks a casino or changes a filter.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const searchId = useId();
  const categoryId = useId();
  const detailRef = useRef<HTMLDivElement>(null);

  const results = filterCasinos(casinos, filters);
  const selected = casinos.find((c) => c.id === selectedId) ?? null;

  // spec 2 §2: when the filters change, the detail panel shows the first casino by rank.
  function applyFilters(next: CasinoFilters) {
    setFilters(next);
    setSelectedId(filterCasinos(casinos, next)[0]?.id ?? null);
  }

  // On narrow screens the panel sits below the list: bring it into view when a casino is picked.
  function selectCasino(id: string) {
    setSelectedId(id);
    if (!window.matchMedia?.('(max-width: 1023px)').matches) return;
    const reduceMotion = prefersReducedMotion();
    window.requestAnimationFrame(() => detailRef.current?.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' }));
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Casino Reviews</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">Our partner casinos compared: ratings, bonuses, payout speed and VIP perks.</p>
      </header>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor={searchId} className="sr-only">
            Search casinos
          </Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id={searchId}
              type="search"
              placeholder="Search casinos..."
              className="pl-9"
              value={filters.search}
              onChange={(event) => applyFilters({ ...filters, search: event.target.value })}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={categoryId}>Category</Label>
          <Select
            value={filters.category}
            onValueChange={(value) => {
              if (isCategory(value)) applyFilters({ ...filters, category: value });
            }}
          >
            <SelectTrigger id={categoryId} className="w-full sm:w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CASINO_CATEGORY_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <Tabs
        className="mt-6"
        value={filters.tab}
        onValueChange={(value) => {
          if (isTab(value)) applyFilters({ ...filters, tab: value });
        }}
      >
        <TabsList aria-label="Casino lists" className="w-full sm:w-fit">
          {CASINO_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {CASINO_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="mt-2">
            <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <CasinoList results={results} selectedId={selected?.id ?? null} onSelect={selectCasino} onReset={() => applyFilters(DEFAULT_CASINO_FILTERS)} />
              <div ref={detailRef} className="scroll-mt-20">
                {selected ? (
                  <CasinoDetail casino={selected} />
                ) : (
                  <div className="flex h-full min-h-48 items-center justify-center rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
                    <p>Select a casino from the list to view detailed information and bonuses.</p>
                  </div>
                )}
              </div>
            </div>
          </TabsContent>
        ))}
      </Tabs>

      <footer className="mt-10 border-t pt-6 text-center text-sm text-muted-foreground">Must be 18+ to play. Please gamble responsibly.</footer>
    </div>
  );
}

type CasinoListProps = {
  results: readonly CasinoReview[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onReset: () => void;
};

function CasinoList({ results, selectedId, onSelect, onReset }: CasinoListProps) {
  return (
    // spec 2 §9: the list is 848 px high and scrolls.
    <div
      role="region"
      aria-label="Casinos"
      tabIndex={0}
      className="max-h-[848px] overflow-y-auto rounded-xl border bg-card p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring lg:h-[848px]"
    >
      <p className="sr-only" role="status">
        {results.length === 1 ? '1 casino found' : `${results.length} casinos found`}
      </p>
      {results.length === 0 ? (
        <div className="flex flex-col items-center gap-4 px-4 py-16 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No casinos found matching your criteria.</p>
          <Button variant="outline" onClick={onReset}>
            Reset Filters
          </Button>
        </div>
      ) : (
        <ul className="space-y-2">
          {results.map((casino) => {
            const isSelected = casino.id === selectedId;
            return (
              <li key={casino.id}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => onSelect(casino.id)}
                  className={cn(
                    'flex w-full gap-3 rounded-lg border p-3 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                    isSelected ? 'border-primary bg-primary/10' : 'border-transparent',
                  )}
                >
                  <img src={casino.logo} alt="" width={48} height={48} className="size-12 shrink-0 rounded-lg" />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold">{casino.name}</span>
                      <span className="text-xs font-medium text-muted-foreground">Rank #{casino.rank}</span>
                    </span>
                    <StarRating rating={casino.rating} />
                    <span className="mt-1 block text-sm text-muted-foreground">{casino.description}</span>
                    <span className="mt-2 flex flex-wrap gap-1">
                      {casino.tags.map((tag) => (
                        <Badge key={tag} variant="outline">
                          {tag}
                        </Badge>
                      ))}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
