import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  RESTRICTION_DAYS,
  RESTRICTION_KINDS,
  RESTRICTION_LABELS,
  RestrictionInputSchema,
  type AdminUserDetail,
  type Restriction,
} from '@app/shared/api/admin-users';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/sonner';
import { Field } from '@/components/ui/form-field';
import { destructiveButtonClass } from '../components/fields';
import { formatDateTime } from '../components/format';
import { toastRequestError } from '../components/request-error';
import { restrictionAppliedText } from './casino-math';
import { useApplyRestriction } from './api/apply-restriction';
import { useRemoveRestriction } from './api/remove-restriction';

type RestrictionForm = z.input<typeof RestrictionInputSchema>;
type RestrictionOutput = z.output<typeof RestrictionInputSchema>;

const NO_DAYS = 'none';

function RestrictionRow({ user, restriction }: { user: AdminUserDetail; restriction: Restriction }) {
  const remove = useRemoveRestriction();
  const onRemove = async () => {
    try {
      await remove.mutateAsync({
        userId: user.id,
        restrictionId: restriction.id,
      });
      // spec 2 §4: removing one shows the toast 'Restriction Removed'.
      toast({
        title: 'Restriction Removed',
        description: `${restriction.label} removed from ${user.name}`,
      });
    } catch (e) {
      toastRequestError(e, 'Remove failed');
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
      <div className="grid gap-0.5">
        <span className="font-medium">
          {restriction.label}{' '}
          <Badge variant={restriction.active ? 'destructive' : 'outline'}>
            {restriction.active ? 'Active' : restriction.revokedAt ? 'Removed' : 'Expired'}
          </Badge>
        </span>
        <span className="text-muted-foreground">
          {restriction.expiresAt ? `Until ${formatDateTime(restriction.expiresAt)}` : 'Until removed'}
          {restriction.reason ? ` · ${restriction.reason}` : ''}
          {restriction.createdBy ? ` · by ${restriction.createdBy.username}` : ''}
        </span>
      </div>
      {restriction.active && (
        <Button size="sm" variant="outline" onClick={() => void onRemove()} disabled={remove.isPending} aria-label={`Remove ${restriction.label}`}>
          Remove
        </Button>
      )}
    </li>
  );
}

/** spec 2 §2, §4: the Restrictions tab: timeouts of 1, 7 or 30 days, feature bans and a permanent ban, with the spec's toasts. */
export function RestrictionsTab({ user }: { user: AdminUserDetail }) {
  const apply = useApplyRestriction();
  const form = useForm<RestrictionForm, unknown, RestrictionOutput>({
    resolver: zodResolver(RestrictionInputSchema),
    defaultValues: { kind: 'timeout', days: 7, reason: '' },
  });
  const kind = form.watch('kind');
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    // One key per submitted restriction: a double submit is recorded once.
    const idempotencyKey = crypto.randomUUID();
    try {
      const restriction = await apply.mutateAsync({ userId: user.id, input, idempotencyKey });
      toast({
        title: 'Restriction Applied',
        description: restrictionAppliedText(restriction.label, restriction.days, user.name),
        variant: 'destructive',
      });
      form.reset({
        kind: input.kind,
        days: input.kind === 'ban_permanent' ? null : input.days,
        reason: '',
      });
    } catch (e) {
      toastRequestError(e, 'Restriction failed');
    }
  });

  const active = user.restrictions.filter((r) => r.active);
  const past = user.restrictions.filter((r) => !r.active);

  return (
    <div className="grid gap-4">
      {user.isAdmin ? (
        <p className="text-sm text-muted-foreground">Admins cannot be restricted.</p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-md border p-3 sm:grid-cols-2" aria-label="Apply a restriction">
          <Field label="Restriction" error={errors.kind?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="kind"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(v) => {
                      field.onChange(v);
                      if (v === 'ban_permanent') form.setValue('days', null);
                      else if (v === 'timeout' && !form.getValues('days')) form.setValue('days', 7);
                    }}
                  >
                    <SelectTrigger {...control} className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {RESTRICTION_KINDS.map((k) => (
                        <SelectItem key={k} value={k}>
                          {RESTRICTION_LABELS[k]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          {kind !== 'ban_permanent' && (
            <Field label="Duration" error={errors.days?.message}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="days"
                  render={({ field }) => (
                    <Select value={field.value ? String(field.value) : NO_DAYS} onValueChange={(v) => field.onChange(v === NO_DAYS ? null : Number(v))}>
                      <SelectTrigger {...control} className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {RESTRICTION_DAYS.map((d) => (
                          <SelectItem key={d} value={String(d)}>
                            {d === 1 ? '1 day' : `${d} days`}
                          </SelectItem>
                        ))}
                        {kind !== 'timeout' && <SelectItem value={NO_DAYS}>Until removed</SelectItem>}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </Field>
          )}
          <Field label="Reason" error={errors.reason?.message} className="sm:col-span-2">
            <Input {...form.register('reason')} />
          </Field>
          <Button type="submit" variant="destructive" className={`w-fit ${destructiveButtonClass}`} disabled={apply.isPending}>
            {apply.isPending ? 'Applying…' : 'Apply Restriction'}
          </Button>
        </form>
      )}
      <section className="grid gap-2" aria-labelledby="active-restrictions">
        <h3 id="active-restrictions" className="font-semibold">
          Active restrictions
        </h3>
        {active.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active restrictions.</p>
        ) : (
          <ul className="grid gap-2">
            {active.map((r) => (
              <RestrictionRow key={r.id} user={user} restriction={r} />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section className="grid gap-2" aria-labelledby="past-restrictions">
          <h3 id="past-restrictions" className="font-semibold">
            Past restrictions
          </h3>
          <ul className="grid gap-2">
            {past.map((r) => (
              <RestrictionRow key={r.id} user={user} restriction={r} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
