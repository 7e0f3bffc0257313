import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { challengeClaimSchemaFor, challengeMultiplier, type Challenge, type ChallengeClaimInput } from '@app/shared/api/challenges';
import { Button } from '@/components/ui/button';
import { Field, FormMessage } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useClaimChallenge } from './api/claim-challenge';
import { formatTimes, formatUsd } from './format';

/** A number box's value: NaN (invalid, "must be a number") when empty. */
const numberOrNaN = (value: unknown) => (value === '' || value === null || value === undefined ? Number.NaN : Number(value));
/** An optional link: absent when the box is empty. */
const textOrUndefined = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

// Empty boxes (a NaN default would show as the text "NaN" in a decimal box).
const EMPTY = { betUrl: '', screenshotUrl: undefined, bet: undefined, win: undefined } as unknown as ChallengeClaimInput;

/**
 * The claim of one challenge: the bet's link, an optional screenshot, the bet and the win (USD).
 * The shared schema with the challenge's rules checks it before it is sent (the bet reaches the
 * minimum, win ÷ bet the target), the same rules the server answers 400 with.
 */
export function ClaimForm({ challenge, onSent }: { challenge: Challenge; onSent?: () => void }) {
  const schema = useMemo(() => challengeClaimSchemaFor(challenge), [challenge]);
  const claim = useClaimChallenge();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChallengeClaimInput>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const bet = form.watch('bet');
  const win = form.watch('win');
  const multiplier = bet > 0 && win > 0 ? challengeMultiplier(bet, win) : null;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await claim.mutateAsync({ challengeId: challenge.id, body });
      form.reset(EMPTY);
      toast({
        title: 'Claim sent',
        description: `An admin will check your ${formatTimes(challengeMultiplier(body.bet, body.win))}; you will see the decision here.`,
      });
      onSent?.();
    } catch (error) {
      const field =
        error instanceof ApiError && typeof (error.body as { field?: unknown })?.field === 'string' ? (error.body as { field: string }).field : null;
      if (field === 'bet' || field === 'win') form.setError(field, { message: errorMessage(error) });
      else setFormError(errorMessage(error, 'Your claim could not be sent. Please try again.'));
    }
  });

  const prefix = `claim-${challenge.id}`;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Claim ${challenge.title}`}
      className="mt-4 grid gap-3 rounded-lg border bg-background/60 p-4 sm:grid-cols-2"
    >
      <Field label="Link to the bet" id={`${prefix}-url`} error={errors.betUrl?.message} hint="The bet's page at the casino, where an admin can see it.">
        <Input type="url" placeholder="https://" autoComplete="off" {...form.register('betUrl')} />
      </Field>
      <Field label="Screenshot link (optional)" id={`${prefix}-shot`} error={errors.screenshotUrl?.message}>
        <Input type="url" placeholder="https://" autoComplete="off" {...form.register('screenshotUrl', { setValueAs: textOrUndefined })} />
      </Field>
      <Field label="Bet (USD)" id={`${prefix}-bet`} error={errors.bet?.message} hint={`At least ${formatUsd(challenge.minBet)}`}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('bet', { setValueAs: numberOrNaN })} />
      </Field>
      <Field label="Win (USD)" id={`${prefix}-win`} error={errors.win?.message} hint={`At least ${formatTimes(challenge.targetMultiplier)} your bet`}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('win', { setValueAs: numberOrNaN })} />
      </Field>
      <p className="text-sm text-muted-foreground sm:col-span-2" aria-live="polite">
        Multiplier: <span className="font-semibold text-foreground">{multiplier === null ? '—' : formatTimes(multiplier)}</span>
        {multiplier !== null && multiplier < challenge.targetMultiplier && ` (below the ${formatTimes(challenge.targetMultiplier)} target)`}
      </p>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FormMessage>{formError}</FormMessage>
        <Button type="submit" className="w-fit" disabled={claim.isPending}>
          {claim.isPending ? 'Sending…' : 'Send claim'}
        </Button>
      </div>
    </form>
  );
}
