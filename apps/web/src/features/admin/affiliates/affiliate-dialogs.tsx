import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AFFILIATE_STATUSES, AffiliateInputSchema, AffiliatePayoutInputSchema, PAYOUT_METHODS, type Affiliate } from '@app/shared/api/admin-affiliates';
import { PARTNER_NAMES } from '@app/shared/domain/leaderboards';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Field } from '@/components/ui/form-field';
import { EnumSelect, numberOrNaN } from '../components/fields';
import { formatDate, formatDateTime, formatUsd } from '../components/format';
import { AdminQueryState } from '../components/query-state';
import { Facts } from '../components/facts';
import { toastRequestError } from '../components/request-error';
import { usePayouts } from './api/get-payouts';
import { useProcessPayout } from './api/process-payout';
import { useSaveAffiliate } from './api/save-affiliate';

/** spec 2 §2: the view dialog: partner, status, earnings and conversion rate. */
export function AffiliateViewDialog({ affiliate, onOpenChange }: { affiliate: Affiliate | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={affiliate !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{affiliate?.name ?? 'Affiliate'}</DialogTitle>
          <DialogDescription>{affiliate?.email}</DialogDescription>
        </DialogHeader>
        {affiliate && (
          <Facts
            facts={[
              ['Partner', affiliate.partner],
              ['Status', affiliate.status],
              ['Total Earnings', formatUsd(affiliate.totalEarnings)],
              ['Conversion Rate', `${affiliate.conversionRate.toFixed(1)}%`],
              ['Paid out', formatUsd(affiliate.totalPaidOut)],
              ['Joined', formatDate(affiliate.joinDate)],
            ]}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

type AffiliateForm = z.input<typeof AffiliateInputSchema>;
type AffiliateOutput = z.output<typeof AffiliateInputSchema>;

function formDefaults(affiliate: Affiliate | null): AffiliateForm {
  return affiliate
    ? {
        name: affiliate.name,
        email: affiliate.email,
        partner: affiliate.partner,
        status: affiliate.status,
        payoutMethod: affiliate.payoutMethod,
        totalEarnings: affiliate.totalEarnings,
        totalClicks: affiliate.totalClicks,
        conversionRate: affiliate.conversionRate,
      }
    : {
        name: '',
        email: '',
        partner: 'Stake',
        status: 'Pending',
        payoutMethod: 'PayPal',
        totalEarnings: 0,
        totalClicks: 0,
        conversionRate: 0,
      };
}

function DetailsForm({ affiliate, onDone }: { affiliate: Affiliate | null; onDone: () => void }) {
  const save = useSaveAffiliate();
  const form = useForm<AffiliateForm, unknown, AffiliateOutput>({
    resolver: zodResolver(AffiliateInputSchema),
    values: formDefaults(affiliate),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({
        id: affiliate?.id ?? null,
        input,
      });
      toast({
        title: affiliate ? 'Affiliate saved' : 'Affiliate added',
        description: saved.name,
      });
      onDone();
    } catch (e) {
      toastRequestError(e, 'Save failed');
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" {...form.register('email')} />
      </Field>
      <Field label="Partner" error={errors.partner?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="partner"
            render={({ field }) => <EnumSelect control={control} value={field.value} options={PARTNER_NAMES} onChange={field.onChange} />}
          />
        )}
      </Field>
      <Field label="Status" error={errors.status?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => <EnumSelect control={control} value={field.value ?? 'Pending'} options={AFFILIATE_STATUSES} onChange={field.onChange} />}
          />
        )}
      </Field>
      <Field label="Payout method" error={errors.payoutMethod?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="payoutMethod"
            render={({ field }) => <EnumSelect control={control} value={field.value ?? 'PayPal'} options={PAYOUT_METHODS} onChange={field.onChange} />}
          />
        )}
      </Field>
      <Field label="Total earnings ($)" error={errors.totalEarnings?.message}>
        <Input type="number" step="0.01" min={0} {...form.register('totalEarnings', { setValueAs: numberOrNaN })} />
      </Field>
      <Field label="Total clicks" error={errors.totalClicks?.message}>
        <Input type="number" min={0} {...form.register('totalClicks', { setValueAs: numberOrNaN })} />
      </Field>
      <Field label="Conversion rate (%)" error={errors.conversionRate?.message}>
        <Input type="number" step="0.1" min={0} max={100} {...form.register('conversionRate', { setValueAs: numberOrNaN })} />
      </Field>
      <DialogFooter className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : affiliate ? 'Save Changes' : 'Add Affiliate'}
        </Button>
      </DialogFooter>
    </form>
  );
}

type PayoutForm = z.input<typeof AffiliatePayoutInputSchema>;
type PayoutOutput = z.output<typeof AffiliatePayoutInputSchema>;

function PayoutsTab({ affiliate }: { affiliate: Affiliate }) {
  const payouts = usePayouts(affiliate.id);
  const process = useProcessPayout();
  const form = useForm<PayoutForm, unknown, PayoutOutput>({
    resolver: zodResolver(AffiliatePayoutInputSchema),
    defaultValues: {
      amount: Number.NaN,
      method: affiliate.payoutMethod,
      note: '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      // One key per submitted payout: a double click records one payout.
      const payout = await process.mutateAsync({ id: affiliate.id, input, idempotencyKey: crypto.randomUUID() });
      toast({
        title: 'Payout processed',
        description: `${formatUsd(payout.amount)} to ${affiliate.name} by ${payout.method}`,
      });
      form.reset({
        amount: Number.NaN,
        method: affiliate.payoutMethod,
        note: '',
      });
    } catch (e) {
      toastRequestError(e, 'Payout failed');
    }
  });
  return (
    <div className="grid gap-3">
      <AdminQueryState query={payouts} label="payouts">
        {(data) => (
          <Table>
            <TableCaption className="sr-only">Payout history</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Amount</TableHead>
                <TableHead>Method</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} className="text-muted-foreground">
                    No payouts yet.
                  </TableCell>
                </TableRow>
              ) : (
                data.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{formatDateTime(p.createdAt)}</TableCell>
                    <TableCell>{formatUsd(p.amount)}</TableCell>
                    <TableCell>{p.method}</TableCell>
                    <TableCell>{p.status}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        )}
      </AdminQueryState>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-md border p-3 sm:grid-cols-3" aria-label="Process Payout">
        <Field label="Amount ($)" error={errors.amount?.message}>
          <Input type="number" step="0.01" min={0} {...form.register('amount', { setValueAs: numberOrNaN })} />
        </Field>
        <Field label="Method" error={errors.method?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="method"
              render={({ field }) => (
                <EnumSelect control={control} value={field.value ?? affiliate.payoutMethod} options={PAYOUT_METHODS} onChange={field.onChange} />
              )}
            />
          )}
        </Field>
        <Field label="Note" error={errors.note?.message}>
          <Input {...form.register('note')} />
        </Field>
        <Button type="submit" className="w-fit" disabled={process.isPending}>
          {process.isPending ? 'Processing…' : 'Process Payout'}
        </Button>
      </form>
    </div>
  );
}

/** spec 2 §2: the edit dialog with tabs Details, Performance and Payouts (create: Details only). */
export function AffiliateEditDialog({ open, affiliate, onOpenChange }: { open: boolean; affiliate: Affiliate | null; onOpenChange: (open: boolean) => void }) {
  const [tab, setTab] = useState('details');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTab('details');
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{affiliate ? 'Edit Affiliate' : 'Add Affiliate'}</DialogTitle>
          <DialogDescription>{affiliate ? `${affiliate.name} · ${affiliate.partner}` : 'A new affiliate starts as Pending.'}</DialogDescription>
        </DialogHeader>
        {affiliate ? (
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="details">Details</TabsTrigger>
              <TabsTrigger value="performance">Performance</TabsTrigger>
              <TabsTrigger value="payouts">Payouts</TabsTrigger>
            </TabsList>
            <TabsContent value="details" className="pt-2">
              <DetailsForm affiliate={affiliate} onDone={() => onOpenChange(false)} />
            </TabsContent>
            <TabsContent value="performance" className="pt-2">
              <Facts
                facts={[
                  ['Total Clicks', affiliate.totalClicks.toLocaleString('en-US')],
                  ['Conversion Rate', `${affiliate.conversionRate.toFixed(1)}%`],
                  ['Total Earnings', formatUsd(affiliate.totalEarnings)],
                  ['Paid out', formatUsd(affiliate.totalPaidOut)],
                  ['Joined', formatDate(affiliate.joinDate)],
                  ['Last active', formatDateTime(affiliate.lastActive)],
                ]}
              />
            </TabsContent>
            <TabsContent value="payouts" className="pt-2">
              <PayoutsTab affiliate={affiliate} />
            </TabsContent>
          </Tabs>
        ) : (
          <DetailsForm affiliate={null} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
