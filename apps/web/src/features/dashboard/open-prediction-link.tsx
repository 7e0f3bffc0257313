import { Vote } from 'lucide-react';
import { Link } from 'react-router';
import { useOpenPrediction } from './api/get-open-prediction';

/** While a prediction is open: its question and a link to stake on it. Nothing otherwise. */
export function OpenPredictionLink() {
  const prediction = useOpenPrediction();
  if (!prediction) return null;
  return (
    <aside aria-label="Open prediction" className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4">
      <Vote className="size-5 text-primary" aria-hidden="true" />
      <p className="font-medium">Prediction open: {prediction.title}</p>
      <Link to="/predictions" className="font-medium text-primary underline underline-offset-4">
        Stake points
      </Link>
    </aside>
  );
}
