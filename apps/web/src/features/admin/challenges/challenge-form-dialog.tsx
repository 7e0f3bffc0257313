import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PARTNER_IDS, type PartnerId } from '@app/shared/api/casino-accounts';
import { challengePartnerName, ChallengeInputSchema, type AdminChallenge, type ChallengeInput } from '@app/shared/api/challenges';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { useSlots } from '@/lib/api/get-slots';
import { readNow } from '@/lib/use-now';
import { EnumSelect, numberOrNaN } from '../components/fields';
import { formatPoints } from '../components/format';
import { toastRequestError } from '../components/request-error';
import { useSaveChallenge } from './api/save-challenge';

const DAY = 86_400_000;

/** An ISO time as a datetime-local box shows it (the browser's zone, to the minute). */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local box's value as ISO (empty when the box is). */
function fromLocalInput(value: string): string {
  const d = new Date(value);
  return value === '' || Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

function defaultsOf(challenge: AdminChallenge | null): ChallengeInput {
  if (challenge) {
    const { title, partner, game, minBet, targetMultiplier, prizePoints, winners, startsAt, endsAt } = challenge;
    return { title, partner, game, minBet, targetMultiplier, prizePoints, winners, startsAt, endsAt };
  }
  const start = Math.floor(readNow() / 60_000) * 60_000;
  return {
    title: '',
    partner: PARTNER_IDS[0],
    game: '',
    minBet: 0.2,
    targetMultiplier: 100,
    prizePoints: 5_000,
    winners: 1,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 7 * DAY).toISOString(),
  };
}

/** Post a challenge, or edit one that has not completed (`challenge`); the dialog closes once saved. */
export function ChallengeFormDialog({
  open,
  challenge,
  onOpenChange,
}: {
  open: boolean;
  challenge: AdminChallenge | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{challenge ? 'Edit challenge' : 'Post a challenge'}</DialogTitle>
          <DialogDescription>
            Members claim it with a bet at the partner that reaches the target with at least the minimum bet; the first verified claims win the prize.
          </DialogDescription>
        </DialogHeader>
        {/* Keyed: each opening starts from the challenge's values (or a new one's). */}
        {open && <ChallengeForm key={challenge?.id ?? 'new'} challenge={challenge} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ChallengeForm({ challenge, onDone }: { challenge: AdminChallenge | null; onDone: () => void }) {
  const save = useSaveChallenge();
  const listId = useId();
  const form = useForm<ChallengeInput>({ resolver: zodResolver(ChallengeInputSchema), defaultValues: defaultsOf(challenge) });
  const { errors } = form.formState;
  const game = form.watch('game');
  const slots = useSlots({ q: game.trim() || undefined });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: challenge?.id ?? null, body });
      toast({
        title: challenge ? 'Challenge saved' : 'Challenge posted',
        description: `${saved.title}: ${formatPoints(saved.prizePoints)} points to ${saved.winners} ${saved.winners === 1 ? 'winner' : 'winners'}.`,
      });
      onDone();
    } catch (e) {
      toastRequestError(e, 'Save failed');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={challenge ? 'Edit challenge' : 'Post a challenge'}>
      <Field label="Title" error={errors.title?.message} className="sm:col-span-2">
        <Input {...form.register('title')} />
      </Field>
      <Field label="Partner" error={errors.partner?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="partner"
            render={({ field }) => (
              <EnumSelect<PartnerId> value={field.value} options={PARTNER_IDS} onChange={field.onChange} control={control} labelOf={challengePartnerName} />
            )}
          />
        )}
      </Field>
      <Field label="Game" error={errors.game?.message} hint="A Slot Hub slot or any game's name">
        <Input list={listId} autoComplete="off" {...form.register('game')} />
      </Field>
      <datalist id={listId}>
        {(slots.data?.slots ?? []).slice(0, 20).map((s) => (
          <option key={s.id} value={s.name} />
        ))}
      </datalist>
      <Field label="Minimum bet (USD)" error={errors.minBet?.message}>
        <Input inputMode="decimal" {...form.register('minBet', { setValueAs: numberOrNaN })} />
      </Field>
      <Field label="Target multiplier (×)" error={errors.targetMultiplier?.message}>
        <Input inputMode="decimal" {...form.register('targetMultiplier', { setValueAs: numberOrNaN })} />
      </Field>
      <Field label="Prize (points per winner)" error={errors.prizePoints?.message}>
        <Input inputMode="numeric" {...form.register('prizePoints', { setValueAs: numberOrNaN })} />
      </Field>
      <Field label="Winners" error={errors.winners?.message}>
        <Input inputMode="numeric" {...form.register('winners', { setValueAs: numberOrNaN })} />
      </Field>
      {(['startsAt', 'endsAt'] as const).map((name) => (
        <Field key={name} label={name === 'startsAt' ? 'Starts' : 'Ends'} error={errors[name]?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name={name}
              render={({ field }) => (
                <Input
                  {...control}
                  type="datetime-local"
                  name={field.name}
                  ref={field.ref}
                  value={toLocalInput(field.value)}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(fromLocalInput(e.target.value))}
                />
              )}
            />
          )}
        </Field>
      ))}
      <DialogFooter className="sm:col-span-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : challenge ? 'Save challenge' : 'Post challenge'}
        </Button>
      </DialogFooter>
    </form>
  );
}
