import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CheckCircle2, ChevronLeft, ChevronRight, Coins, Gift, ListChecks, Search, Ticket, Trophy, Zap } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Raffle } from '@app/shared/api/raffles';
import { HowItWorks, type HowItWorksStep } from '@/components/how-it-works';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { StatCard } from '@/components/stat-card';
import { useRaffles } from '@/lib/api/get-raffles';
import { rafflesQueryKey } from '@/lib/api/query-keys';
import { MAX_LIVE_TOPICS, useLiveTopics } from '@/lib/live-topics';
import { useSession } from '@/lib/session';
import { GiveawaysTab } from './giveaways-tab';
import { RaffleDetailDialog } from './raffle-detail-dialog';
import {
  formatDaysHoursMinutes,
  formatTimeLeft,
  nextStatusChange,
  pageCount,
  PREVIOUS_PAGE_SIZE,
  rafflesForTab,
  summarize,
  TABS,
  type TabValue,
} from './raffle-math';
import { readNow, useNow } from '@/lib/use-now';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

const STEPS: readonly HowItWorksStep[] = [
  {
    icon: Search,
    title: 'Browse Raffles',
    text: 'See the active raffles, what they give away and when they are drawn.',
  },
  {
    icon: ListChecks,
    title: 'Check Eligibility',
    text: 'Check the entry cost in points and any requirements before you enter.',
  },
  {
    icon: Ticket,
    title: 'Enter to Win',
    text: 'Enter with your points: one entry per person per raffle.',
  },
  {
    icon: Trophy,
    title: 'Claim Prizes',
    text: 'Winners are drawn when the raffle ends, and anyone can verify the draw.',
  },
];

const REWARD_TYPES = [
  { icon: Zap, name: 'Crypto Tip' },
  { icon: Gift, name: 'Bonus Buys' },
  { icon: CalendarClock, name: 'Freespins' },
  { icon: Coins, name: 'Points' },
] as const;

/** /raffles (spec 2 §2): the raffles on the server's data, public; entering needs a verified sign-in. */
export default function RafflesPage() {
  const { user } = useSession();
  // The open raffles' entry counts (and draws) come live while the page is open: the list's poll
  // rests while the channel carries all of them, and runs when it does not.
  const [live, setLive] = useState(false);
  const query = useRaffles({ live });
  const liveIds = (query.data ?? [])
    .filter((r) => r.status === 'Active' || r.status === 'Pending')
    .slice(0, MAX_LIVE_TOPICS - 1)
    .map((r) => `raffle:${r.id}`);
  const channelCarries = useLiveTopics(liveIds);
  const carriesAll = channelCarries && liveIds.length === (query.data ?? []).filter((r) => r.status === 'Active' || r.status === 'Pending').length;
  useEffect(() => setLive(carriesAll), [carriesAll]);
  const queryClient = useQueryClient();
  const now = useNow();
  const [tab, setTab] = useState<TabValue | 'giveaways'>('active');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const raffles = query.data;

  // A raffle changes status by the clock (start, end): ask the server again just after it does.
  const boundary = raffles ? nextStatusChange(raffles, now) : null;
  useEffect(() => {
    if (boundary === null) return;
    const id = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: rafflesQueryKey }), Math.max(0, boundary - readNow()) + 1500);
    return () => window.clearTimeout(id);
  }, [boundary, queryClient]);

  const opened = openId ? raffles?.find((r) => r.id === openId) : undefined;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold">Raffles</h1>
        <p className="mt-1 text-muted-foreground">Discover exclusive giveaways and win big</p>
      </header>

      {/* A screen-high spinner: How It Works stays below the fold until the list replaces it (CLS). */}
      <QueryState query={query} loading={<PageLoader label="Loading raffles…" isScreenHigh />} failure="The raffles">
        {(list) => (
          <>
            <SummaryCards raffles={list} balance={user?.points ?? 0} now={now} />
            <Tabs
              value={tab}
              onValueChange={(value) => {
                setTab(value as TabValue | 'giveaways');
                setPage(1); // spec 2 §2: switching tabs resets to page 1
              }}
            >
              <TabsList aria-label="Raffle status" className="w-full sm:w-fit">
                {TABS.map((t) => (
                  <TabsTrigger key={t.value} value={t.value} className="px-3">
                    {t.label}
                  </TabsTrigger>
                ))}
                <TabsTrigger value="giveaways" className="px-3">
                  Giveaways
                </TabsTrigger>
              </TabsList>
              {TABS.map((t) => (
                <TabsContent key={t.value} value={t.value} className="mt-4">
                  <RaffleList
                    raffles={rafflesForTab(list, t.value)}
                    tab={t.value}
                    empty={t.empty}
                    page={page}
                    onPageChange={setPage}
                    now={now}
                    onOpen={setOpenId}
                  />
                </TabsContent>
              ))}
              <TabsContent value="giveaways" className="mt-4">
                <GiveawaysTab now={now} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </QueryState>

      <HowItWorks steps={STEPS} className="px-0" />
      <RewardTypes />

      {opened && <RaffleDetailDialog raffle={opened} now={now} onOpenChange={(open) => !open && setOpenId(null)} />}
    </div>
  );
}

function SummaryCards({ raffles, balance, now }: { raffles: readonly Raffle[]; balance: number; now: number }) {
  const summary = summarize(raffles, balance, now);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard icon={<CheckCircle2 />} label="Total Entered" value={summary.totalEntered.toLocaleString('en-US')} />
      <StatCard icon={<Ticket />} label="Total Eligible" value={summary.totalEligible.toLocaleString('en-US')} />
      <StatCard icon={<CalendarClock />} label="Next Draw" value={formatDaysHoursMinutes(summary.nextDrawMs)} />
      <StatCard icon={<Trophy />} label="Total Given Away" value={usd.format(summary.totalGivenAway)} />
    </dl>
  );
}

type RaffleListProps = {
  raffles: Raffle[];
  tab: TabValue;
  empty: string;
  page: number;
  onPageChange: (page: number) => void;
  now: number;
  onOpen: (id: string) => void;
};

function RaffleList({ raffles, tab, empty, page, onPageChange, now, onOpen }: RaffleListProps) {
  if (raffles.length === 0) {
    return <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">{empty}</p>;
  }
  // spec 2 §2: completed raffles are paged 6 per page.
  const isPaged = tab === 'previous';
  const total = isPaged ? pageCount(raffles.length) : 1;
  const current = Math.min(page, total);
  const shown = isPaged ? raffles.slice((current - 1) * PREVIOUS_PAGE_SIZE, current * PREVIOUS_PAGE_SIZE) : raffles;
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((raffle) => (
          <li key={raffle.id}>
            <RaffleCard raffle={raffle} now={now} onOpen={() => onOpen(raffle.id)} />
          </li>
        ))}
      </ul>
      {total > 1 && (
        <nav aria-label="Previous raffles pages" className="flex items-center justify-center gap-3">
          <Button variant="outline" size="sm" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
            <ChevronLeft aria-hidden="true" />
            Prev
          </Button>
          <span className="text-sm tabular-nums" aria-live="polite">
            <span className="sr-only">Page </span>
            {current} / {total}
          </span>
          <Button variant="outline" size="sm" disabled={current >= total} onClick={() => onPageChange(current + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}

function RaffleCard({ raffle, now, onOpen }: { raffle: Raffle; now: number; onOpen: () => void }) {
  const titleId = useId();
  const isCompleted = raffle.status === 'Completed';
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-muted-foreground">Raffle #{raffle.raffleNumber}</span>
        {raffle.featured && <Badge>Featured</Badge>}
        {raffle.restricted && <Badge variant="destructive">Restricted</Badge>}
        {raffle.entered && (
          <Badge variant="success">
            <CheckCircle2 aria-hidden="true" />
            Entered
          </Badge>
        )}
      </div>
      {/* h2: the cards come right after the page's h1 (Lighthouse heading-order). */}
      <h2 id={titleId} className="text-lg font-semibold">
        {raffle.title}
      </h2>
      <p className="line-clamp-2 text-sm text-muted-foreground">{raffle.description}</p>
      <p className="text-sm font-medium">{raffle.prize}</p>
      {/* spec 2 §2: no countdown on the Pending or Completed tabs. */}
      {raffle.status === 'Upcoming' && <CardCountdown label="Starts in" ms={Date.parse(raffle.startDate) - now} />}
      {raffle.status === 'Active' && <CardCountdown label="Ends in" ms={Date.parse(raffle.endDate) - now} />}
      {raffle.status === 'Pending' && <p className="text-sm font-medium text-amber-800 dark:text-amber-200">Waiting for winners to be drawn</p>}
      <Button
        className="mt-auto"
        variant={isCompleted ? 'outline' : 'default'}
        onClick={onOpen}
        aria-label={`${isCompleted ? 'View Winners' : 'View Raffle'}: ${raffle.title}`}
      >
        {isCompleted ? 'View Winners' : 'View Raffle'}
      </Button>
    </article>
  );
}

function CardCountdown({ label, ms }: { label: string; ms: number }) {
  return (
    <p className="text-sm">
      {label}{' '}
      <span role="timer" className="font-semibold tabular-nums">
        {formatTimeLeft(ms)}
      </span>
    </p>
  );
}

function RewardTypes() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-2xl font-bold">
        Reward Types
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        {REWARD_TYPES.map(({ icon: Icon, name }) => (
          <li key={name} className="flex items-center gap-3 rounded-xl border bg-card p-4 font-medium">
            <Icon className="size-5 text-primary" aria-hidden="true" />
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}
