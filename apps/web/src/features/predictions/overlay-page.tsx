import { useOverlayPage } from '@/lib/use-overlay-page';
import { usePredictions } from './api/get-predictions';
import { OutcomeBars, STATUS_LABELS } from './outcome-bars';
import { fmt } from './stake-rules';

/**
 * The stream overlay (/overlay/prediction): the running prediction, else the latest one with its
 * result; read-only, no sign-in, no header, on a transparent page for broadcast software.
 */
export default function PredictionOverlayPage() {
  const query = usePredictions();
  useOverlayPage();
  const prediction = query.data ? (query.data.current ?? query.data.recent[0] ?? null) : null;
  if (!prediction) {
    return (
      <div className="p-4 text-xl" role="status">
        {query.isError ? 'The prediction could not be loaded.' : query.data ? 'No prediction yet.' : 'Loading…'}
      </div>
    );
  }
  const winner = prediction.outcomes.find((o) => o.id === prediction.winningOutcomeId);
  return (
    <div className="flex max-w-3xl flex-col gap-3 rounded-xl bg-background/85 p-4 text-foreground">
      <h1 className="flex items-center justify-between gap-2 text-2xl font-bold">
        <span>{prediction.title}</span>
        <span className="text-xl font-medium">{STATUS_LABELS[prediction.status]}</span>
      </h1>
      <p className="text-xl">
        {fmt(prediction.pool)} points staked{prediction.status === 'open' && ' · !bet <number> <points> in chat'}
      </p>
      <OutcomeBars prediction={prediction} />
      {prediction.status === 'resolved' && winner && (
        <p className="text-lg font-bold" role="status">
          Result: {winner.label}
        </p>
      )}
      {prediction.status === 'cancelled' && <p role="status">Cancelled: every stake refunded.</p>}
    </div>
  );
}
