import { ArrowRight, Dice5, Gift, ShieldCheck, Ticket, Trophy, Wrench } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Link, useNavigate } from 'react-router';
import { PlainButton as Button } from '@/components/ui/plain-button';
import { gadgets, landingStats } from './landing-data';
import { RaceStandingsLoading, RaceStandingsUnavailable } from './race-standings-frame';

// The race's top 5 from the server comes with TanStack Query, which the entry script
// does not carry (its 100 KB budget): a lazy chunk, drawn in a placeholder of its own size.
// A chunk that fails to load leaves the page up and says so in the table's place.
const LandingRaceStandings = lazy(() => import('./race-standings').catch(() => ({ default: RaceStandingsUnavailable })));

export default function LandingPage() {
  const navigate = useNavigate();
  const openAuth = (tab: 'login' | 'register') => navigate('/', { state: { openAuth: true, tab } });

  return (
    <div>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-primary/15 to-background">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:py-28">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border bg-background/60 px-3 py-1 text-sm text-muted-foreground">
            <Trophy className="size-4 text-primary" aria-hidden="true" /> Weekly cash drops up to $1,000
          </p>
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            Play with our partners. <span className="text-primary">Earn rewards</span> for every bet.
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Earn points on partner casinos and live streams, spend them in the points store and on raffles, and climb the monthly leaderboard race.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button size="lg" onClick={() => openAuth('register')}>
              Get Started <ArrowRight aria-hidden="true" />
            </Button>
            <Button size="lg" variant="outline" onClick={() => openAuth('login')}>
              Sign In
            </Button>
          </div>
        </div>
      </section>

      <section aria-label="Statistics" className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-12 md:grid-cols-4">
        {landingStats.map((stat) => (
          <div key={stat.label} className="rounded-xl border bg-card p-6 text-center">
            <p className="text-3xl font-extrabold text-primary">{stat.value}</p>
            <p className="mt-1 text-sm text-muted-foreground">{stat.label}</p>
          </div>
        ))}
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="race-title">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="race-title" className="text-2xl font-bold">
              Monthly Leaderboard Race
            </h2>
            <p className="text-muted-foreground">Wager on partner casinos, climb the table, win cash prizes.</p>
          </div>
          <Button variant="outline" asChild>
            <Link to="/leaderboard">View leaderboard</Link>
          </Button>
        </div>
        <Suspense fallback={<RaceStandingsLoading />}>
          <LandingRaceStandings />
        </Suspense>
      </section>

      <section className="mx-auto grid max-w-7xl gap-6 px-4 py-12 md:grid-cols-3">
        <Teaser icon={<Gift aria-hidden="true" />} title="Points Store" to="/points-store-public" action="Browse the store">
          Trade your points for cash rewards, bonus credits and merchandise.
        </Teaser>
        <Teaser icon={<Ticket aria-hidden="true" />} title="Raffles" to="/raffles" action="See raffles">
          Enter raffles with your points for crypto tips, bonus buys and free spins.
        </Teaser>
        <Teaser icon={<Dice5 aria-hidden="true" />} title="Provably Fair Games" to="/games" action="Explore Games">
          Dice, mines, plinko, crash and more: every outcome can be verified from its seeds.
        </Teaser>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="gadgets-title">
        <h2 id="gadgets-title" className="flex items-center gap-2 text-2xl font-bold">
          <Wrench className="size-6 text-primary" aria-hidden="true" /> Gadget tools
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {gadgets.map((gadget) => (
            <li key={gadget.title} className="rounded-xl border bg-card p-5">
              <h3 className="font-semibold">{gadget.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{gadget.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" /> Members get the full toolbox on their dashboard.
        </p>
      </section>
    </div>
  );
}

type TeaserProps = { icon: React.ReactNode; title: string; to: string; action: string; children: React.ReactNode };

function Teaser({ icon, title, to, action, children }: TeaserProps) {
  return (
    <article className="flex flex-col rounded-xl border bg-card p-6">
      <div className="mb-4 flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary [&_svg]:size-5">{icon}</div>
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="mt-2 flex-1 text-muted-foreground">{children}</p>
      <Button className="mt-4 self-start" variant="secondary" asChild>
        <Link to={to}>{action}</Link>
      </Button>
    </article>
  );
}
