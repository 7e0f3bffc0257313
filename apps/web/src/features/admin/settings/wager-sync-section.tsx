import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { WagerSyncInputSchema, type WagerSyncInput, type WagerSyncPartner } from '@app/shared/api/wagers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { Switch } from '@/components/ui/switch';
import { Field } from '@/components/ui/form-field';
import { numberOrNaN, textareaClass } from '../components/fields';
import { formatDateTime } from '../components/format';
import { toastRequestError } from '../components/request-error';
import { useRunWagerSync } from './api/run-wager-sync';
import { useSaveWagerSync } from './api/save-wager-sync';

/** The form's values: the key box is empty unless a new key is typed (an empty box keeps the saved one). */
const FormSchema = WagerSyncInputSchema.extend({ key: z.string().max(1000, 'The key is at most 1000 characters') });
type FormValues = z.input<typeof FormSchema>;

const rowsText = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

function valuesOf(p: WagerSyncPartner): FormValues {
  return { endpointUrl: p.endpointUrl, key: '', keyHeader: p.keyHeader, mapping: p.mapping, enabled: p.enabled, periodMinutes: p.periodMinutes };
}

function SyncStatus({ partner }: { partner: WagerSyncPartner }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted-foreground">Last success</dt>
      <dd>{partner.lastSuccessAt ? formatDateTime(partner.lastSuccessAt) : 'Never'}</dd>
      {partner.lastResult && (
        <>
          <dt className="text-muted-foreground">Last result</dt>
          <dd>
            {rowsText(partner.lastResult.rows)} ({partner.lastResult.inserted} new, {partner.lastResult.updated} changed), {partner.lastResult.pointsCredited}{' '}
            points credited
          </dd>
        </>
      )}
      <dt className="text-muted-foreground">Last error</dt>
      <dd className={partner.lastError ? 'text-destructive' : undefined}>
        {partner.lastError ? `${partner.lastError} (${formatDateTime(partner.lastErrorAt)})` : 'None'}
      </dd>
      {partner.nextRunAt && (
        <>
          <dt className="text-muted-foreground">Next run</dt>
          <dd>{formatDateTime(partner.nextRunAt)}</dd>
        </>
      )}
    </dl>
  );
}

function PartnerSync({ partner }: { partner: WagerSyncPartner }) {
  const save = useSaveWagerSync();
  const run = useRunWagerSync();
  const form = useForm<FormValues, unknown, z.output<typeof FormSchema>>({ resolver: zodResolver(FormSchema), defaultValues: valuesOf(partner) });
  const { errors } = form.formState;
  const headingId = `wager-sync-${partner.partner}`;

  const onSubmit = form.handleSubmit(async ({ key, ...rest }) => {
    const body: WagerSyncInput = key === '' ? rest : { ...rest, key };
    try {
      const saved = await save.mutateAsync({ partner: partner.partner, body });
      // The form now shows what the server saved; the key box empties (the key is never shown again).
      form.reset(valuesOf(saved));
      toast({ title: `${partner.name} sync saved`, description: rest.enabled ? `Runs every ${rest.periodMinutes} minutes.` : 'The sync is off.' });
    } catch (e) {
      toastRequestError(e, 'Saving the sync failed');
    }
  });

  const onRun = async () => {
    try {
      const outcome = await run.mutateAsync(partner.partner);
      if (outcome.ok && outcome.result) {
        toast({ title: `${partner.name} synced`, description: `${rowsText(outcome.result.rows)}, ${outcome.result.pointsCredited} points credited.` });
      } else {
        toast({ title: `${partner.name} sync failed`, description: outcome.error ?? 'The casino did not answer.' });
      }
    } catch (e) {
      toastRequestError(e, 'Run failed');
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-md border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {partner.name}
        </h3>
        <Badge variant={partner.enabled ? 'success' : 'outline'}>{partner.enabled ? 'On' : 'Off'}</Badge>
        {partner.delayed && <Badge variant="destructive">Delayed</Badge>}
      </div>
      <SyncStatus partner={partner} />
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={`${partner.name} sync settings`}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Endpoint URL"
            error={errors.endpointUrl?.message}
            className="sm:col-span-2"
            hint="Called with from and to (UTC days) as query parameters. A public http or https address, without a user name or password."
          >
            <Input type="url" placeholder="https://partner.example/api/wagers" {...form.register('endpointUrl')} />
          </Field>
          <Field label="Key" error={errors.key?.message} hint={partner.hasKey ? 'A key is saved. Leave empty to keep it.' : 'No key saved.'}>
            <Input type="password" autoComplete="new-password" placeholder={partner.hasKey ? 'saved' : ''} {...form.register('key')} />
          </Field>
          <Field label="Key header" error={errors.keyHeader?.message}>
            <Input {...form.register('keyHeader')} />
          </Field>
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium">Field mapping</legend>
          <Field label="Rows at" hint="Empty when the answer is the array" error={errors.mapping?.items?.message}>
            <Input {...form.register('mapping.items')} />
          </Field>
          <Field label="Username field" error={errors.mapping?.username?.message}>
            <Input {...form.register('mapping.username')} />
          </Field>
          <Field label="Date field" error={errors.mapping?.date?.message}>
            <Input {...form.register('mapping.date')} />
          </Field>
          <Field label="Category field" error={errors.mapping?.category?.message}>
            <Input {...form.register('mapping.category')} />
          </Field>
          <Field label="Amount field" error={errors.mapping?.amount?.message}>
            <Input {...form.register('mapping.amount')} />
          </Field>
          <Field label="Amount unit" error={errors.mapping?.amountUnit?.message}>
            <select className={textareaClass.replace('min-h-16', 'h-9')} {...form.register('mapping.amountUnit')}>
              <option value="dollars">Dollars</option>
              <option value="cents">Cents</option>
            </select>
          </Field>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <Field label="Period (minutes)" error={errors.periodMinutes?.message}>
            <Input type="number" inputMode="numeric" min={1} max={1440} {...form.register('periodMinutes', { setValueAs: numberOrNaN })} />
          </Field>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Field label="Enabled">
                <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
              </Field>
            )}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          <Button type="button" variant="outline" disabled={!partner.configured || run.isPending} onClick={() => void onRun()}>
            {run.isPending ? 'Running…' : 'Run now'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Settings: each partner casino's scheduled wager sync, its last success, last error and delay. */
export function WagerSyncSection({ partners }: { partners: WagerSyncPartner[] }) {
  return (
    <div className="grid gap-4">
      {partners.map((p) => (
        <PartnerSync key={p.partner} partner={p} />
      ))}
    </div>
  );
}
