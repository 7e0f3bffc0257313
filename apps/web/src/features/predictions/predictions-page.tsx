import { Link } from 'react-router';
import type { Prediction } from '@app/shared/api/predictions';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { useSession } from '@/lib/session';
import { usePredictions } from './api/get-predictions';
import { OutcomeBars, STATUS_LABELS } from './outcome-bars';
import { StakeForm } from './stake-form';
import { fmt } from './stake-rules';

/** /predictions: the running prediction with its stake form, and the latest ones with their results. */
export default function PredictionsPage() {
  const predictions = usePredictions();
  return (
    <section aria-labelledby="predictions-title" className="mx-auto max-w-4xl px-4 py-10">
      <h1 id="predictions-title" className="text-3xl font-extrabold tracking-tight">
        Predictions
      </h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Stake points on what happens on stream. When the prediction is resolved, the points staked on every outcome are shared among the winners in proportion
        to their stakes. Points only: they have no cash value and cannot be bought, sold or paid out.{' '}
        <Link to="/terms" className="text-primary underline underline-offset-4">
          Responsible Gambling
        </Link>
      </p>
      <QueryState query={predictions} layout="section" className="mt-10" loading="Loading the predictions…" failure="The predictions" retryLabel="Retry">
        {(data) => (
          <>
            {data.current ? (
              <PredictionCard prediction={data.current} isCurrent />
            ) : (
              <div role="note" className="mt-8 rounded-xl border border-dashed bg-card p-6 text-muted-foreground">
                No prediction is running right now. The next one opens here during the stream.
              </div>
            )}
            {data.recent.some((p) => p.id !== data.current?.id) && (
              <section aria-labelledby="predictions-recent-title" className="mt-10">
                <h2 id="predictions-recent-title" className="text-lg font-semibold">
                  Latest predictions
                </h2>
                <ul className="mt-3 grid gap-4">
                  {data.recent
                    .filter((p) => p.id !== data.current?.id)
                    .map((p) => (
                      <li key={p.id}>
                        <PredictionCard prediction={p} />
                      </li>
                    ))}
                </ul>
              </section>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function PredictionCard({ prediction: p, isCurrent = false }: { prediction: Prediction; isCurrent?: boolean }) {
  const { user } = useSession();
  const titleId = `prediction-${p.id}-title`;
  const canStake = isCurrent && p.status === 'open' && user?.emailVerified && !user.isAdmin;
  const Heading = isCurrent ? 'h2' : 'h3';
  return (
    <article aria-labelledby={titleId} className={isCurrent ? 'mt-8 rounded-xl border bg-card p-5' : 'rounded-xl border bg-card p-5'}>
      <div className="flex flex-wrap items-center gap-2">
        <Heading id={titleId} className="text-lg font-semibold">
          {p.title}
        </Heading>
        <Badge variant={p.status === 'open' ? 'success' : 'secondary'}>{STATUS_LABELS[p.status]}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        Pool: {fmt(p.pool)} points from {p.stakeCount} {p.stakeCount === 1 ? 'stake' : 'stakes'}
        {p.status === 'open' && ` · staking closes at ${new Date(p.locksAt).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`}
      </p>
      <OutcomeBars prediction={p} className="mt-4" />
      {p.myStake && (
        <p className="mt-3 text-sm" role="status">
          Your stake: {fmt(p.myStake.amount)} points on {p.outcomes.find((o) => o.id === p.myStake!.outcomeId)?.label}
          {p.myStake.payout !== null && (p.myStake.payout > 0 ? ` · paid ${fmt(p.myStake.payout)} points` : ' · lost')}
        </p>
      )}
      {canStake && <StakeForm prediction={p} />}
      {isCurrent && p.status === 'open' && !user && <p className="mt-3 text-sm text-muted-foreground">Sign in with a verified e-mail to stake points.</p>}
    </article>
  );
}
