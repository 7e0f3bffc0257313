import { useState } from 'react';
import type { Prediction } from '@app/shared/api/predictions';
import { Button } from '@/components/ui/button';
import { Field, FormMessage } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { usePlaceStake } from './api/place-stake';
import { fmt, stakeProblem } from './stake-rules';

/**
 * A member's stake on the running prediction: the outcome (fixed to their own once they staked),
 * the points, checked against the prediction's rules before it is sent; one Idempotency-Key per
 * stake typed, so a double click stakes once.
 */
export function StakeForm({ prediction }: { prediction: Prediction }) {
  const { user, reloadUser } = useSession();
  const stake = usePlaceStake();
  const own = prediction.myStake;
  const [outcomeId, setOutcomeId] = useState<string | null>(own?.outcomeId ?? null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const chosen = own?.outcomeId ?? outcomeId;
  const balance = user?.points ?? 0;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const points = amount.trim() === '' ? Number.NaN : Number(amount);
    const problem = stakeProblem(prediction, chosen, points, balance);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const result = await stake.mutateAsync({ predictionId: prediction.id, body: { outcomeId: chosen!, amount: points }, idempotencyKey: key });
      setKey(crypto.randomUUID());
      setAmount('');
      void reloadUser();
      const label = prediction.outcomes.find((o) => o.id === chosen)?.label ?? '';
      toast({ title: 'Stake placed', description: `${fmt(points)} points on ${label} (your stake: ${fmt(result.stake.amount)}).` });
    } catch (e) {
      setKey(crypto.randomUUID());
      setError(errorMessage(e, 'Your stake could not be placed. Please try again.'));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Place a stake" className="mt-4 grid gap-3 rounded-lg border bg-background/60 p-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Outcome</legend>
        {prediction.outcomes.map((o) => (
          <label key={o.id} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`outcome-${prediction.id}`}
              value={o.id}
              checked={chosen === o.id}
              disabled={Boolean(own) && own!.outcomeId !== o.id}
              onChange={() => setOutcomeId(o.id)}
            />
            {o.number}. {o.label}
          </label>
        ))}
      </fieldset>
      <Field
        label="Points"
        id={`stake-${prediction.id}`}
        hint={`${fmt(prediction.minStake)} to ${fmt(prediction.maxStake)} points in total. Your balance: ${fmt(balance)}.`}
      >
        <Input inputMode="numeric" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </Field>
      <FormMessage>{error}</FormMessage>
      <Button type="submit" className="w-fit" disabled={stake.isPending}>
        {stake.isPending ? 'Placing…' : own ? 'Add to my stake' : 'Place stake'}
      </Button>
    </form>
  );
}
