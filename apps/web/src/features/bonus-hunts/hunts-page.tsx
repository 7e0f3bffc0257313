import { Link } from 'react-router';
import type { HuntSummary } from '@app/shared/api/bonus-hunts';
import { formatCents, formatX } from '@app/shared/domain/money-cents';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { useHunts } from './api/get-hunts';
import { STATUS_LABELS } from './hunt-figures';

/** Bonus hunts (/bonus-hunts): the live hunt and the history with their figures. */
export default function HuntsPage() {
  const query = useHunts();
  const live = query.data?.hunts.filter((h) => h.status !== 'finished') ?? [];
  const past = query.data?.hunts.filter((h) => h.status === 'finished') ?? [];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold">Bonus Hunts</h1>
        <p className="mt-1 text-muted-foreground">Follow the hunt live, guess the final balance, and look back at past hunts.</p>
      </header>
      <QueryState query={query} loading="Loading bonus hunts…" failure="The bonus hunts">
        {() => (
          <>
            <HuntSection title="Live" hunts={live} empty="No hunt is running right now." />
            <HuntSection title="History" hunts={past} empty="No finished hunts yet." />
          </>
        )}
      </QueryState>
    </div>
  );
}

function HuntSection({ title, hunts, empty }: { title: string; hunts: HuntSummary[]; empty: string }) {
  const id = `hunts-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {hunts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {hunts.map((h) => (
            <li key={h.id} className="relative rounded-xl border bg-card p-4 shadow-sm focus-within:ring-2 focus-within:ring-ring">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">
                  <Link to={`/bonus-hunts/${h.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
                    {h.title}
                  </Link>
                </h3>
                <Badge variant={h.status === 'finished' ? 'secondary' : 'success'}>{STATUS_LABELS[h.status]}</Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                {h.casino} · {h.figures.collected} bonuses · start {formatCents(h.startBalance, h.currency)}
              </p>
              <p className="mt-2 text-sm tabular-nums">
                Won {formatCents(h.figures.wonSoFar, h.currency)} · average {formatX(h.figures.averageX)}
                {h.status !== 'finished' && <> · break-even {formatX(h.figures.breakEvenX)}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
