import { ArrowRight, Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { useLiveHunt } from './api/get-live-hunt';
import { GADGETS, type Gadget } from './dashboard-data';

/** spec 1 §2: the gadgets grid. A gadget without a page yet says 'Coming soon' instead of offering a dead button. */
export function GadgetsGrid() {
  const liveHunt = useLiveHunt().data;
  return (
    <section aria-labelledby="dashboard-gadgets-title">
      <h2 id="dashboard-gadgets-title" className="text-xl font-bold tracking-tight">
        Gadgets
      </h2>
      <p className="text-sm text-muted-foreground">Tools to plan your play.</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {GADGETS.map((gadget) => (
          <li key={gadget.id}>
            <GadgetCard
              gadget={gadget}
              note={
                gadget.id === 'bonus-hunt-tracker' && liveHunt
                  ? `Live now: ${liveHunt.title} (${liveHunt.figures.opened} of ${liveHunt.figures.collected} opened)`
                  : undefined
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GadgetCard({ gadget, note }: { gadget: Gadget; note?: string }) {
  const Icon = gadget.icon;
  return (
    <article className="relative flex h-full items-start gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <div aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary [&_svg]:size-5">
        <Icon />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">
            {gadget.to ? (
              <Link to={gadget.to} className="after:absolute after:inset-0 focus-visible:outline-none">
                {gadget.name}
              </Link>
            ) : (
              gadget.name
            )}
          </h3>
          {gadget.isVipOnly && (
            <Badge variant="outline">
              <Crown aria-hidden="true" />
              VIP only
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{gadget.description}</p>
        {note && <p className="text-sm font-medium">{note}</p>}
        {gadget.to ? (
          <span aria-hidden="true" className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-primary">
            Open <ArrowRight className="size-4" />
          </span>
        ) : (
          <Badge variant="secondary" className="mt-1">
            Coming soon
          </Badge>
        )}
      </div>
    </article>
  );
}
