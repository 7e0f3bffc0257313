import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { LeaderboardInputSchema, type Leaderboard, type LeaderboardInputParsed } from '@app/shared/api/admin-leaderboards';
import {
  LEADERBOARD_METRICS,
  LEADERBOARD_STATUSES,
  leaderboardName,
  NEW_PRIZE_AMOUNT,
  nextPrizePosition,
  PARTNERS,
  parsePrizeAmount,
  parsePrizePool,
  prizePercent,
  tabForStatus,
  type LeaderboardTab,
} from '@app/shared/domain/leaderboards';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Field } from '@/components/ui/form-field';
import { CheckboxField, EnumSelect } from '../components/fields';
import { toastRequestError } from '../components/request-error';
import { fromLocalInput, raceFormDefaults, raceInputFromForm, type RaceFormValues } from './race-form';
import { useSaveLeaderboard } from './api/save-leaderboard';

// The shared schema validates what is sent: the form's text is first turned into the request body
// with the spec's integer fallbacks, so its messages land on the fields of the same names.
const validateInput = zodResolver(LeaderboardInputSchema);
const resolver: Resolver<RaceFormValues, unknown, LeaderboardInputParsed> = async (values, context, options) => {
  const result = await validateInput(raceInputFromForm(values), context, options as never);
  return result as unknown as Awaited<ReturnType<Resolver<RaceFormValues, unknown, LeaderboardInputParsed>>>;
};

function errorMessages(errors: FieldErrors<RaceFormValues>): string[] {
  const messages: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message) messages.push(record.message);
    for (const [key, value] of Object.entries(record)) if (key !== 'ref' && key !== 'message' && key !== 'type') walk(value);
  };
  walk(errors);
  return [...new Set(messages)];
}

type Props = {
  open: boolean;
  race: Leaderboard | null;
  onOpenChange: (open: boolean) => void;
  /** After a save: the tab the saved race belongs to. */
  onSaved: (race: Leaderboard, tab: LeaderboardTab) => void;
};

/** spec 1 §2, §5: the edit/create dialog with tabs Details, Prize Structure and Participants. */
export function RaceFormDialog({ open, race, onOpenChange, onSaved }: Props) {
  const save = useSaveLeaderboard();
  const [tab, setTab] = useState('details');
  const form = useForm<RaceFormValues, unknown, LeaderboardInputParsed>({
    resolver,
    values: open ? raceFormDefaults(race) : undefined,
  });
  const prizes = useFieldArray({ control: form.control, name: 'prizes' });
  const values = form.watch();
  const { errors } = form.formState;
  const pool = parsePrizePool(values.prizePool);
  const preview = values.partnerId
    ? leaderboardName({
        partnerId: values.partnerId,
        metric: values.metric,
        prizePool: pool,
        startDate: fromLocalInput(values.startDate),
        endDate: fromLocalInput(values.endDate),
      })
    : 'Choose a partner to generate the name';

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ id: race?.id ?? null, input });
      toast({
        title: race ? 'Leaderboard saved' : 'Leaderboard created',
        description: saved.name,
      });
      onSaved(saved, tabForStatus(saved.status));
      onOpenChange(false);
    } catch (e) {
      toastRequestError(e, 'Save failed');
    }
  });

  // spec 1 §5: saving silently does nothing if no partner is selected.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.getValues('partnerId')) return;
    void submit(event);
  };

  const messages = errorMessages(errors);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (save.isPending) return;
        if (!next) setTab('details');
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{race ? 'Edit Leaderboard' : 'Create Leaderboard'}</DialogTitle>
          <DialogDescription>{preview}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="details">Details</TabsTrigger>
              <TabsTrigger value="prizes">Prize Structure</TabsTrigger>
              <TabsTrigger value="participants">Participants</TabsTrigger>
            </TabsList>
            <TabsContent value="details" className="grid gap-3 pt-2 sm:grid-cols-2">
              <Field label="Partner" error={errors.partnerId?.message}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="partnerId"
                    render={({ field }) => (
                      <EnumSelect
                        control={control}
                        value={field.value || undefined}
                        options={PARTNERS.map((p) => p.id)}
                        labelOf={(id) => PARTNERS.find((p) => p.id === id)?.name ?? id}
                        placeholder="Select partner"
                        onChange={field.onChange}
                      />
                    )}
                  />
                )}
              </Field>
              <Field label="Metric" error={errors.metric?.message}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="metric"
                    render={({ field }) => <EnumSelect control={control} value={field.value} options={LEADERBOARD_METRICS} onChange={field.onChange} />}
                  />
                )}
              </Field>
              <Field label="Status" error={errors.status?.message}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="status"
                    render={({ field }) => <EnumSelect control={control} value={field.value} options={LEADERBOARD_STATUSES} onChange={field.onChange} />}
                  />
                )}
              </Field>
              <Field label="Prize Pool ($)" error={errors.prizePool?.message}>
                <Input inputMode="numeric" {...form.register('prizePool')} />
              </Field>
              <Field label="Start date" error={errors.startDate?.message}>
                <Input type="datetime-local" {...form.register('startDate')} />
              </Field>
              <Field label="End date" error={errors.endDate?.message}>
                <Input type="datetime-local" {...form.register('endDate')} />
              </Field>
              <div className="sm:col-span-2">
                <Controller
                  control={form.control}
                  name="isGlobalRaffle"
                  render={({ field }) => <CheckboxField label="Include in Global Monthly Raffle" checked={field.value} onCheckedChange={field.onChange} />}
                />
              </div>
              {values.isGlobalRaffle && (
                <Field label="Wager to ticket ratio" hint="1 ticket per $ratio wagered" error={errors.wagerToTicketRatio?.message}>
                  <Input inputMode="numeric" {...form.register('wagerToTicketRatio')} />
                </Field>
              )}
            </TabsContent>
            <TabsContent value="prizes" className="grid gap-3 pt-2">
              <ul className="grid gap-2" aria-label="Prizes">
                {prizes.fields.map((item, index) => (
                  <li key={item.id} className="grid grid-cols-[1fr_1fr_auto_auto] items-end gap-2">
                    <Field label={`Position ${index + 1}`} error={errors.prizes?.[index]?.position?.message}>
                      <Input {...form.register(`prizes.${index}.position`)} />
                    </Field>
                    <Field label={`Amount ${index + 1} ($)`} error={errors.prizes?.[index]?.amount?.message}>
                      <Input inputMode="numeric" {...form.register(`prizes.${index}.amount`)} />
                    </Field>
                    <span className="pb-2 text-sm text-muted-foreground">{prizePercent(parsePrizeAmount(values.prizes[index]?.amount), pool)}%</span>
                    <Button variant="ghost" size="icon" onClick={() => prizes.remove(index)} aria-label={`Remove position ${index + 1}`}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
              <Button
                variant="outline"
                className="w-fit"
                onClick={() =>
                  prizes.append({
                    position: nextPrizePosition(form.getValues('prizes')),
                    amount: String(NEW_PRIZE_AMOUNT),
                  })
                }
              >
                <Plus aria-hidden="true" /> Add Position
              </Button>
            </TabsContent>
            <TabsContent value="participants" className="grid gap-2 pt-2">
              <Label htmlFor="race-participants">Participants</Label>
              <Input id="race-participants" value={values.participants} readOnly aria-readonly="true" className="max-w-40" />
              <p className="text-sm text-muted-foreground">Participants are counted by the server and cannot be edited.</p>
            </TabsContent>
          </Tabs>
          {messages.length > 0 && (
            <ul role="alert" className="list-disc pl-5 text-sm text-destructive">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : race ? 'Save Changes' : 'Create Leaderboard'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
