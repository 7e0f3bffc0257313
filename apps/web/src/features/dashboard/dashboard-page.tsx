import { Link } from 'react-router';
import { GAMES } from '@app/shared/games/catalogue';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/lib/session';
import { FEATURED_RAFFLES, FEATURED_STORE_ITEMS } from './dashboard-data';
import { FeaturedCarousel } from './featured-carousel';
import { GameCard, RaffleCard, StoreItemCard } from './featured-cards';
import { GadgetsGrid } from './gadgets-grid';
import { PromoSlider } from './promo-slider';
import { WelcomeCard } from './welcome-card';

/** We hold no wager data yet (no linked casino accounts), so a member has no raffle tickets. */
const TICKETS = 0;

/** /dashboard (spec 1 §2): welcome card, promo slider, featured store items, raffles and games, gadgets. */
export default function DashboardPage() {
  const { user, initializing } = useSession();

  // The route guard renders this page only for a verified member; these states cover the moments
  // around it (start-up, or the session ending while the page is open).
  if (initializing) return <PageLoader label="Loading your dashboard…" />;
  if (!user) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">You are signed out</h1>
        <p className="mt-2 text-muted-foreground">
          Sign in again to see your dashboard.{' '}
          <Link
            to="/"
            state={{ openAuth: true, tab: 'login', from: '/dashboard' }}
            className="font-medium text-primary underline"
          >
            Sign in
          </Link>
        </p>
      </section>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-6 sm:py-8">
      <WelcomeCard username={user.username} points={user.points} tickets={TICKETS} />
      <PromoSlider />
      <FeaturedCarousel
        id="store"
        title="Featured Rewards"
        description="Spend your points in the Points Store."
        viewAll={{ to: '/points-store', label: 'Points Store' }}
        items={FEATURED_STORE_ITEMS}
        itemKey={(item) => item.id}
        itemLabel={(item) => item.name}
        renderItem={(item) => <StoreItemCard item={item} points={user.points} />}
      />
      <FeaturedCarousel
        id="raffles"
        title="Featured Raffles"
        description="Enter with the tickets your wagers earn."
        viewAll={{ to: '/raffles', label: 'All raffles' }}
        items={FEATURED_RAFFLES}
        itemKey={(raffle) => raffle.id}
        itemLabel={(raffle) => raffle.title}
        renderItem={(raffle) => <RaffleCard raffle={raffle} tickets={TICKETS} />}
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
