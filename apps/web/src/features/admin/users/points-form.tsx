import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AdminPointsBodySchema } from '@app/shared/api/points';
import type { AdminUserDetail } from '@app/shared/api/admin-users';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { Field } from '@/components/ui/form-field';
import { numberOrNaN } from '../components/fields';
import { formatPoints } from '../components/format';
import { toastRequestError } from '../components/request-error';
import { useAdjustPoints } from './api/adjust-points';

type PointsForm = z.input<typeof AdminPointsBodySchema>;

/** Grant (positive) or revoke (negative) points with a reason; one Idempotency-Key per submitted form. */
export function PointsForm({ user }: { user: AdminUserDetail }) {
  const adjust = useAdjustPoints();
  const key = useRef<string | null>(null);
  const form = useForm<PointsForm>({
    resolver: zodResolver(AdminPointsBodySchema),
    defaultValues: { amount: Number.NaN, reason: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    key.current ??= crypto.randomUUID();
    try {
      const result = await adjust.mutateAsync({
        userId: user.id,
        body,
        idempotencyKey: key.current,
      });
      key.current = null;
      toast({
        title: body.amount > 0 ? 'Points granted' : 'Points revoked',
        description: `${formatPoints(Math.abs(body.amount))} points ${body.amount > 0 ? 'to' : 'from'} ${user.name}; balance ${formatPoints(result.points)}.`,
      });
      form.reset({ amount: Number.NaN, reason: '' });
    } catch (e) {
      // A refusal is final for this form's content: the next submit is a new request.
      key.current = null;
      toastRequestError(e, 'Points change failed');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-md border p-3" aria-label="Grant or revoke points">
      <h3 className="font-semibold">Grant or revoke points</h3>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
        <Field label="Amount" hint="Negative to revoke" error={errors.amount?.message}>
          <Input type="number" inputMode="numeric" {...form.register('amount', { setValueAs: numberOrNaN })} />
        </Field>
        <Field label="Reason" error={errors.reason?.message}>
          <Input {...form.register('reason')} />
        </Field>
        <Button type="submit" className="sm:mt-6" disabled={adjust.isPending}>
          {adjust.isPending ? 'Saving…' : 'Apply'}
        </Button>
      </div>
    </form>
  );
}
