import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Raffle } from '@app/shared/api/raffles';
import type { Reward } from '@app/shared/api/store';
import { GAMES } from '@app/shared/games/catalogue';
import { PageLoader } from '@/components/page-loader';
import { QueryState, type QueryLike } from '@/components/query-state';
import { useChallenges } from '@/lib/api/get-challenges';
import { useRaffles } from '@/lib/api/get-raffles';
import { useRewards } from '@/lib/api/get-rewards';
import { useWagerSummary } from '@/lib/api/get-wager-summary';
import { useSession } from '@/lib/session';
import { FeaturedCarousel } from './featured-carousel';
import { ChallengeCard, GameCard, RaffleCard, StoreItemCard } from './featured-cards';
import { GadgetsGrid } from './gadgets-grid';
import { OpenPredictionLink } from './open-prediction-link';
import { PromoSlider } from './promo-slider';
import { useStreamSummary } from './api/get-stream-summary';
import { WelcomeCard } from './welcome-card';

/** /dashboard (spec 1 §2): welcome card, promo slider, featured store items, raffles, challenges and games, gadgets. */
export default function DashboardPage() {
  const { user, initializing } = useSession();
  const rewards = useRewards();
  const raffles = useRaffles();
  const challenges = useChallenges();
  const summary = useWagerSummary();
  const stream = useStreamSummary();

  // The route guard renders this page only for a verified member; these states cover the moments
  // around it (start-up, or the session ending while the page is open).
  if (initializing) return <PageLoader label="Loading your dashboard…" />;
  if (!user) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">You are signed out</h1>
        <p className="mt-2 text-muted-foreground">
          Sign in again to see your dashboard.{' '}
          <Link to="/" state={{ openAuth: true, tab: 'login', from: '/dashboard' }} className="font-medium text-primary underline">
            Sign in
          </Link>
        </p>
      </section>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-6 sm:py-8">
      <WelcomeCard username={user.username} points={user.points} summary={summary.data} streamPointsThisWeek={stream.data?.pointsThisWeek} />
      <OpenPredictionLink />
      <PromoSlider />
      <FeaturedCarousel
        id="store"
        title="Featured Rewards"
        description="Spend your points in the Points Store."
        viewAll={{ to: '/points-store', label: 'Points Store' }}
        items={featuredRewards(rewards.data)}
        itemKey={(reward) => reward.id}
        itemLabel={(reward) => reward.name}
        renderItem={(reward) => <StoreItemCard reward={reward} points={user.points} />}
        placeholder={placeholderFor(rewards, 'rewards', 'No rewards in the store right now.')}
      />
      <FeaturedCarousel
        id="raffles"
        title="Featured Raffles"
        description="Enter with your points before the draw."
        viewAll={{ to: '/raffles', label: 'All raffles' }}
        items={openRaffles(raffles.data)}
        itemKey={(raffle) => raffle.id}
        itemLabel={(raffle) => raffle.title}
        renderItem={(raffle) => <RaffleCard raffle={raffle} points={user.points} />}
        placeholder={placeholderFor(raffles, 'raffles', 'No raffles are open right now.', openRaffles(raffles.data).length)}
      />
      <FeaturedCarousel
        id="challenges"
        title="Challenges"
        description="Hit the target multiplier and claim a points prize."
        viewAll={{ to: '/challenges', label: 'All challenges' }}
        items={challenges.data?.challenges ?? []}
        itemKey={(challenge) => challenge.id}
        itemLabel={(challenge) => challenge.title}
        renderItem={(challenge) => <ChallengeCard challenge={challenge} />}
        placeholder={placeholderFor(challenges, 'challenges', 'No challenges are running right now.', challenges.data?.challenges.length ?? 0)}
      />
      <FeaturedCarousel
        id="games"
        title="Games"
        description="Provably fair originals: every outcome can be verified."
        viewAll={{ to: '/games', label: 'All games' }}
        items={GAMES}
        itemKey={(game) => game.slug}
        itemLabel={(game) => game.title}
        renderItem={(game) => <GameCard game={game} />}
      />
      <GadgetsGrid />
    </div>
  );
}

/** The store's featured rewards (all of them when none is featured), from GET /api/store/rewards. */
function featuredRewards(rewards: readonly Reward[] | undefined): Reward[] {
  if (!rewards) return [];
  const featured = rewards.filter((r) => r.featured);
  return featured.length > 0 ? featured : [...rewards];
}

/** Active raffles (featured first, soonest end first), then upcoming ones, from GET /api/raffles. */
function openRaffles(raffles: readonly Raffle[] | undefined): Raffle[] {
  if (!raffles) return [];
  const rank = (r: Raffle) => (r.status === 'Active' ? 0 : 1) * 2 + (r.featured ? 0 : 1);
  return raffles
    .filter((r) => r.status === 'Active' || r.status === 'Upcoming')
    .sort((a, b) => rank(a) - rank(b) || Date.parse(a.endDate) - Date.parse(b.endDate));
}

/** What a carousel shows instead of cards: loading, a failure with a retry, or its empty text. */
function placeholderFor(query: QueryLike<unknown>, what: string, emptyText: string, count = Array.isArray(query.data) ? query.data.length : 0): ReactNode {
  if (query.isPending || query.isError) return <QueryState query={query} layout="card" loading={`Loading ${what}…`} failure={`The ${what}`} />;
  if (count === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return undefined;
}
