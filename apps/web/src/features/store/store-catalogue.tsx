import { Coins, Crown, Gift, Loader2, Package, Search, Star, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { Reward, RewardCategory } from '@app/shared/api/store';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useRewards } from '@/lib/api/get-rewards';
import { newIdempotencyKey } from '@/lib/economy/spend';
import { useSession } from '@/lib/session';
import { useOpenAuth } from '@/lib/use-open-auth';
import { cn } from '@/lib/utils';
import { useRedeemReward } from './api/redeem-reward';
import { CATEGORIES, CATEGORY_LABEL, filterRewards } from './store-math';

const CATEGORY_ICON: Record<RewardCategory, LucideIcon> = {
  cashbacks: Coins,
  bonuses: Gift,
  merchandise: Package,
  vip: Crown,
};

/** Search, categories, Featured Rewards and All Rewards (spec 2 §2), on the server's catalogue. */
export function StoreCatalogue() {
  const rewards = useRewards();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<RewardCategory | 'all'>('all');
  const searchId = useId();

  if (!rewards.isSuccess) return <QueryState query={rewards} loading="Loading rewards…" failure="The rewards" />;

  const shown = filterRewards(rewards.data, search, category);
  const featured = shown.filter((r) => r.featured);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <div className="relative max-w-md">
          <label htmlFor={searchId} className="sr-only">
            Search rewards
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id={searchId} type="search" placeholder="Search rewards..." value={search} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
        </div>
        <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
          {CATEGORIES.map((c) => (
            <Button
              key={c.value}
              size="sm"
              variant={category === c.value ? 'default' : 'outline'}
              aria-pressed={category === c.value}
              onClick={() => setCategory(c.value)}
            >
              {c.label}
            </Button>
          ))}
        </div>
      </div>

      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">
          {rewards.data.length === 0 ? 'There are no rewards in the store right now.' : 'No rewards found matching your search criteria.'}
        </p>
      ) : (
        <>
          {featured.length > 0 && <RewardSection title="Featured Rewards" rewards={featured} />}
          <RewardSection title="All Rewards" rewards={shown} />
        </>
      )}
    </div>
  );
}

function RewardSection({ title, rewards }: { title: string; rewards: readonly Reward[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rewards.map((reward) => (
          <li key={reward.id}>
            <RewardCard reward={reward} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RewardCard({ reward }: { reward: Reward }) {
  const titleId = useId();
  const Icon = CATEGORY_ICON[reward.category];
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-primary/25 to-primary/5 text-primary"
        >
          <Icon className="size-6" />
        </span>
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold">
            {reward.name}
          </h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge variant="secondary">{CATEGORY_LABEL[reward.category]}</Badge>
            {reward.featured && (
              <Badge variant="outline">
                <Star aria-hidden="true" />
                Featured
              </Badge>
            )}
          </div>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{reward.description}</p>
      <div className="mt-auto flex items-end justify-between gap-2">
        <div>
          <p className="text-xs text-muted-foreground">Price in Points</p>
          <p className="text-xl font-bold tabular-nums">{reward.price.toLocaleString('en-US')}</p>
        </div>
        {reward.stock !== null && reward.stock > 0 && <p className="text-xs text-muted-foreground">{reward.stock.toLocaleString('en-US')} left</p>}
      </div>
      <RedeemButton reward={reward} />
    </article>
  );
}

/** spec 2 §2: 'Insufficient Points' and disabled when the balance is too low; visitors sign in first. */
function RedeemButton({ reward }: { reward: Reward }) {
  const { user, pendingVerification } = useSession();
  const openAuth = useOpenAuth();
  const redeem = useRedeemReward();
  const isRedeeming = redeem.isPending;
  const className = cn('w-full');

  if (reward.stock === 0) {
    return (
      <Button className={className} disabled>
        Sold Out
      </Button>
    );
  }
  if (!user || pendingVerification) {
    return (
      <Button className={className} onClick={openAuth}>
        Redeem Reward
      </Button>
    );
  }
  if (isRedeeming) {
    return (
      <Button className={className} disabled>
        <Loader2 className="animate-spin" aria-hidden="true" />
        Redeeming…
      </Button>
    );
  }
  if (user.points < reward.price) {
    return (
      <Button className={className} disabled>
        Insufficient Points
      </Button>
    );
  }
  return (
    <Button className={className} onClick={() => redeem.mutate({ reward, idempotencyKey: newIdempotencyKey() })}>
      Redeem Reward
    </Button>
  );
}
