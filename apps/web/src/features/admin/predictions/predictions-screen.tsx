import { useState } from 'react';
import { PredictionInputSchema, type Prediction } from '@app/shared/api/predictions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, FormMessage } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { formatDateTime, formatPoints } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { requestErrorMessage, toastRequestError } from '../components/request-error';
import { useAdminPredictions, useCreatePrediction, useDecidePrediction } from './api/admin-predictions';

const STATUS: Record<Prediction['status'], { label: string; variant: 'success' | 'secondary' | 'outline' }> = {
  open: { label: 'Open', variant: 'success' },
  locked: { label: 'Locked', variant: 'secondary' },
  resolved: { label: 'Resolved', variant: 'outline' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
};

/** /admin/predictions: open a prediction, lock it early, resolve it (the pool is paid out) or cancel it (every stake refunded). */
export function PredictionsScreen() {
  const predictions = useAdminPredictions();
  return (
    <div className="grid gap-6">
      <ScreenHeader
        title="Predictions"
        description="Open a prediction for the stream: members stake points on one outcome until the window ends. Resolve it with the outcome that happened and the pool is shared among the winners in proportion to their stakes; cancel it to refund every stake. Points only."
      />
      <CreatePredictionForm />
      <AdminQueryState query={predictions} label="predictions">
        {(data) =>
          data.predictions.length === 0 ? (
            <p className="rounded-xl border border-dashed bg-card p-6 text-sm text-muted-foreground">No predictions yet. Open the first one above.</p>
          ) : (
            <ul className="grid gap-4">
              {data.predictions.map((p) => (
                <li key={p.id}>
                  <PredictionRow prediction={p} />
                </li>
              ))}
            </ul>
          )
        }
      </AdminQueryState>
    </div>
  );
}

function CreatePredictionForm() {
  const create = useCreatePrediction();
  const [title, setTitle] = useState('');
  const [outcomes, setOutcomes] = useState('');
  const [windowSeconds, setWindowSeconds] = useState('120');
  const [minStake, setMinStake] = useState('10');
  const [maxStake, setMaxStake] = useState('10000');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = PredictionInputSchema.safeParse({
      title,
      outcomes: outcomes
        .split('\n')
        .map((o) => o.trim())
        .filter(Boolean),
      windowSeconds: Number(windowSeconds),
      minStake: Number(minStake),
      maxStake: Number(maxStake),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    try {
      await create.mutateAsync(parsed.data);
      setTitle('');
      setOutcomes('');
      toast({ title: 'Prediction opened', description: parsed.data.title });
    } catch (e) {
      setError(requestErrorMessage(e));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Open a prediction" className="grid gap-3 rounded-xl border bg-card p-4 md:grid-cols-2">
      <Field label="Question" id="prediction-title">
        <Input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Will the next bonus pay 100x?" />
      </Field>
      <Field label="Outcomes (one per line, 2 to 10)" id="prediction-outcomes">
        <textarea
          className="min-h-20 rounded-md border bg-background px-3 py-2 text-sm"
          value={outcomes}
          onChange={(e) => setOutcomes(e.target.value)}
          placeholder={'Yes\nNo'}
        />
      </Field>
      <Field label="Staking window (seconds, 30 to 1800)" id="prediction-window">
        <Input inputMode="numeric" value={windowSeconds} onChange={(e) => setWindowSeconds(e.target.value)} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Minimum stake" id="prediction-min">
          <Input inputMode="numeric" value={minStake} onChange={(e) => setMinStake(e.target.value)} />
        </Field>
        <Field label="Maximum stake" id="prediction-max">
          <Input inputMode="numeric" value={maxStake} onChange={(e) => setMaxStake(e.target.value)} />
        </Field>
      </div>
      <div className="flex flex-col gap-2 md:col-span-2">
        <FormMessage>{error}</FormMessage>
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          {create.isPending ? 'Opening…' : 'Open prediction'}
        </Button>
      </div>
    </form>
  );
}

function PredictionRow({ prediction: p }: { prediction: Prediction }) {
  const decide = useDecidePrediction();
  // One key per act and prediction: a repeated click is the same request, paid once.
  const [key] = useState(() => crypto.randomUUID());
  const isRunning = p.status === 'open' || p.status === 'locked';
  const status = STATUS[p.status];
  const run = async (d: Parameters<typeof decide.mutateAsync>[0], done: string) => {
    try {
      await decide.mutateAsync(d);
      toast({ title: done, description: p.title });
    } catch (e) {
      toastRequestError(e);
    }
  };
  return (
    <article aria-label={p.title} className="rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">{p.title}</h2>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        Pool {formatPoints(p.pool)} points · {p.stakeCount} stakes · {formatPoints(p.minStake)}–{formatPoints(p.maxStake)} per member · locks{' '}
        {formatDateTime(p.locksAt)}
      </p>
      <ul className="mt-3 grid gap-1 text-sm">
        {p.outcomes.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {o.number}. {o.label}
              {p.winningOutcomeId === o.id && <strong> (winner)</strong>} — {o.percent}% · {formatPoints(o.pool)} points · {o.stakeCount} stakes
            </span>
            {isRunning && (
              <Button
                size="sm"
                variant="outline"
                disabled={decide.isPending}
                onClick={() => run({ id: p.id, act: 'resolve', outcomeId: o.id, key: `${key}-resolve` }, 'Prediction resolved')}
              >
                Resolve: {o.label}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {isRunning && (
        <div className="mt-3 flex flex-wrap gap-2">
          {p.status === 'open' && (
            <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => run({ id: p.id, act: 'lock' }, 'Prediction locked')}>
              Lock now
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            disabled={decide.isPending}
            onClick={() => run({ id: p.id, act: 'cancel', key: `${key}-cancel` }, 'Prediction cancelled')}
          >
            Cancel and refund
          </Button>
        </div>
      )}
    </article>
  );
}
