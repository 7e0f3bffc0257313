import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RAFFLE_TYPES, RaffleInputSchema, type Raffle } from '@app/shared/api/raffles';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { Field } from '@/components/ui/form-field';
import { readNow } from '@/lib/use-now';
import { CheckboxField, EnumSelect, numberOrNaN, numberOrNull, textareaClass } from '../components/fields';
import { toastRequestError } from '../components/request-error';
import { useSaveRaffle } from './api/save-raffle';

type RaffleForm = z.input<typeof RaffleInputSchema>;
type RaffleOutput = z.output<typeof RaffleInputSchema>;

const HOUR = 3_600_000;

/** An ISO time as a datetime-local value in the reader's zone ('' when invalid). */
function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local value (the reader's zone) as an ISO time; the raw text when it is no date, so the schema says so. */
function localInputToIso(value: string): string {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : value;
}

function defaults(raffle: Raffle | null, now: number): RaffleForm {
  if (raffle) {
    return {
      title: raffle.title,
      description: raffle.description,
      prize: raffle.prize,
      prizePoints: raffle.prizePoints,
      winners: raffle.winners,
      pointsCost: raffle.pointsCost,
      requirements: raffle.requirements,
      type: raffle.type,
      featured: raffle.featured,
      restricted: raffle.restricted,
      minLevel: raffle.minLevel,
      startDate: raffle.startDate,
      endDate: raffle.endDate,
      image: raffle.image,
    };
  }
  const start = Math.ceil(now / HOUR) * HOUR;
  return {
    title: '',
    description: '',
    prize: '',
    prizePoints: null,
    winners: 1,
    pointsCost: 0,
    requirements: '',
    type: 'cash',
    featured: false,
    restricted: false,
    minLevel: null,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 7 * 24 * HOUR).toISOString(),
    image: '',
  };
}

/** Create (raffle null) or edit a raffle; the shared RaffleInputSchema validates the form. */
export function RaffleFormDialog({ open, raffle, onOpenChange }: { open: boolean; raffle: Raffle | null; onOpenChange: (open: boolean) => void }) {
  const save = useSaveRaffle();
  const form = useForm<RaffleForm, unknown, RaffleOutput>({
    resolver: zodResolver(RaffleInputSchema),
    values: open ? defaults(raffle, readNow()) : undefined,
  });
  const { errors } = form.formState;
  const isRestricted = form.watch('restricted');

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ id: raffle?.id ?? null, input });
      toast({
        title: raffle ? 'Raffle saved' : 'Raffle created',
        description: `#${saved.raffleNumber} ${saved.title}`,
      });
      onOpenChange(false);
    } catch (e) {
      toastRequestError(e, 'Save failed');
    }
  });

  const dateField = (name: 'startDate' | 'endDate', label: string) => (
    <Field label={label} error={errors[name]?.message}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <Input
              {...control}
              type="datetime-local"
              value={isoToLocalInput(field.value)}
              onChange={(e) => field.onChange(localInputToIso(e.target.value))}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{raffle ? 'Edit raffle' : 'Create Raffle'}</DialogTitle>
          <DialogDescription>The seed of the draw is committed when the raffle is created; its hash is published at once.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
          <Field label="Title" error={errors.title?.message} className="sm:col-span-2">
            <Input {...form.register('title')} />
          </Field>
          <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
            <textarea rows={2} className={textareaClass} {...form.register('description')} />
          </Field>
          <Field label="Prize" hint="As shown, e.g. $100 Crypto Tip" error={errors.prize?.message}>
            <Input {...form.register('prize')} />
          </Field>
          <Field label="Prize points per winner" hint="Empty when the prize is not points" error={errors.prizePoints?.message}>
            <Input type="number" inputMode="numeric" min={1} {...form.register('prizePoints', { setValueAs: numberOrNull })} />
          </Field>
          <Field label="Winners" error={errors.winners?.message}>
            <Input type="number" inputMode="numeric" min={1} {...form.register('winners', { setValueAs: numberOrNaN })} />
          </Field>
          <Field label="Entry cost (points)" hint="0 for a free raffle" error={errors.pointsCost?.message}>
            <Input type="number" inputMode="numeric" min={0} {...form.register('pointsCost', { setValueAs: numberOrNaN })} />
          </Field>
          {dateField('startDate', 'Starts')}
          {dateField('endDate', 'Ends')}
          <Field label="Type" error={errors.type?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => (
                  <EnumSelect
                    control={control}
                    value={field.value}
                    options={RAFFLE_TYPES}
                    labelOf={(t) => (t === 'cash' ? 'Cash' : 'Crypto')}
                    onChange={field.onChange}
                  />
                )}
              />
            )}
          </Field>
          <Field label="Image URL" error={errors.image?.message}>
            <Input {...form.register('image')} />
          </Field>
          <div className="flex flex-wrap gap-4 sm:col-span-2">
            <Controller
              control={form.control}
              name="featured"
              render={({ field }) => <CheckboxField label="Featured" checked={Boolean(field.value)} onCheckedChange={field.onChange} />}
            />
            <Controller
              control={form.control}
              name="restricted"
              render={({ field }) => <CheckboxField label="Restricted" checked={Boolean(field.value)} onCheckedChange={field.onChange} />}
            />
          </div>
          {isRestricted && (
            <>
              <Field label="Requirements" error={errors.requirements?.message}>
                <Input {...form.register('requirements')} />
              </Field>
              <Field label="Minimum level" hint="1 to 24; empty for none" error={errors.minLevel?.message}>
                <Input type="number" inputMode="numeric" min={1} max={24} {...form.register('minLevel', { setValueAs: numberOrNull })} />
              </Field>
            </>
          )}
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save raffle'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
