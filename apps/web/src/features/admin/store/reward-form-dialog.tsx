import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { REWARD_CATEGORIES, RewardInputSchema, type Reward } from '@app/shared/api/store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { Field } from '@/components/ui/form-field';
import { CheckboxField, EnumSelect, numberOrNaN, numberOrNull, textareaClass } from '../components/fields';
import { toastRequestError } from '../components/request-error';
import { useSaveReward } from './api/save-reward';

type RewardForm = z.input<typeof RewardInputSchema>;
type RewardOutput = z.output<typeof RewardInputSchema>;

export const CATEGORY_LABELS = {
  cashbacks: 'Cash Rewards',
  bonuses: 'Bonus Credits',
  merchandise: 'Merchandise',
  vip: 'VIP',
} as const;

function defaults(reward: Reward | null): RewardForm {
  return reward
    ? {
        name: reward.name,
        description: reward.description,
        category: reward.category,
        price: reward.price,
        featured: reward.featured,
        stock: reward.stock,
        active: reward.active,
      }
    : {
        name: '',
        description: '',
        category: 'bonuses',
        price: 1000,
        featured: false,
        stock: null,
        active: true,
      };
}

/** Create (reward null) or edit a store reward; the shared RewardInputSchema validates the form. */
export function RewardFormDialog({ open, reward, onOpenChange }: { open: boolean; reward: Reward | null; onOpenChange: (open: boolean) => void }) {
  const save = useSaveReward();
  const form = useForm<RewardForm, unknown, RewardOutput>({
    resolver: zodResolver(RewardInputSchema),
    values: defaults(reward),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ id: reward?.id ?? null, input });
      toast({
        title: reward ? 'Reward saved' : 'Reward created',
        description: saved.name,
      });
      onOpenChange(false);
    } catch (e) {
      toastRequestError(e, 'Save failed');
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{reward ? 'Edit reward' : 'New reward'}</DialogTitle>
          <DialogDescription>What the Points Store offers, its price in points and its stock.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message} className="sm:col-span-2">
            <Input {...form.register('name')} />
          </Field>
          <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
            <textarea rows={2} className={textareaClass} {...form.register('description')} />
          </Field>
          <Field label="Category" error={errors.category?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="category"
                render={({ field }) => (
                  <EnumSelect control={control} value={field.value} options={REWARD_CATEGORIES} labelOf={(c) => CATEGORY_LABELS[c]} onChange={field.onChange} />
                )}
              />
            )}
          </Field>
          <Field label="Price (points)" error={errors.price?.message}>
            <Input type="number" inputMode="numeric" min={1} {...form.register('price', { setValueAs: numberOrNaN })} />
          </Field>
          <Field label="Stock" hint="Empty for no limit" error={errors.stock?.message}>
            <Input type="number" inputMode="numeric" min={0} {...form.register('stock', { setValueAs: numberOrNull })} />
          </Field>
          <div className="grid content-end gap-2">
            <Controller
              control={form.control}
              name="featured"
              render={({ field }) => <CheckboxField label="Featured" checked={Boolean(field.value)} onCheckedChange={field.onChange} />}
            />
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => <CheckboxField label="Active (shown in the store)" checked={field.value !== false} onCheckedChange={field.onChange} />}
            />
          </div>
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save reward'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
