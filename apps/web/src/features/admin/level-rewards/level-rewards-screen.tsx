import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LEVEL_REWARDS_EMPTY, type LevelReward } from '@app/shared/api/level-rewards';
import { RANKS } from '@app/shared/domain/ranks';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type AdminColumn } from '../components/data-table';
import { Field } from '@/components/ui/form-field';
import { numberOrNaN } from '../components/fields';
import { formatPoints } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useAdminRewards } from '../store/api/get-admin-rewards';
import { useDeleteLevelReward } from './api/delete-level-reward';
import { useAdminLevelRewards } from './api/get-admin-level-rewards';
import { useSetLevelReward, type LevelRewardSave } from './api/set-level-reward';

// The server's rules (LevelRewardInputSchema), with the kind picked in the form: points or a store item.
const FormSchema = z
  .object({
    level: z.number().int().min(1, 'A level is 1 to 24').max(24, 'A level is 1 to 24'),
    title: z.string().trim().min(1, 'Give the reward a title').max(120, 'A title is at most 120 characters'),
    kind: z.enum(['points', 'item']),
    points: z.number().optional(),
    rewardId: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'points') {
      const p = v.points;
      if (p === undefined || !Number.isInteger(p)) ctx.addIssue({ code: 'custom', path: ['points'], message: 'Points must be a whole number' });
      else if (p <= 0) ctx.addIssue({ code: 'custom', path: ['points'], message: 'Points must be above zero' });
      else if (p > 1_000_000_000) ctx.addIssue({ code: 'custom', path: ['points'], message: 'Points are too many' });
    } else if (v.rewardId === '') {
      ctx.addIssue({ code: 'custom', path: ['rewardId'], message: 'Pick a store item' });
    }
  });
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

const EMPTY: FormInput = { level: 1, title: '', kind: 'points', points: 100, rewardId: '' };

function formOf(reward: LevelReward): FormInput {
  return reward.item
    ? { level: reward.level, title: reward.title, kind: 'item', points: 100, rewardId: reward.item.id }
    : { level: reward.level, title: reward.title, kind: 'points', points: reward.points ?? 100, rewardId: '' };
}

function toSave(input: FormOutput): LevelRewardSave {
  return input.kind === 'points'
    ? { level: input.level, title: input.title, points: input.points! }
    : { level: input.level, title: input.title, rewardId: input.rewardId };
}

/** What a level gives, for the table and toasts: '500 points', or the store item's name. */
function rewardText(reward: Pick<LevelReward, 'points' | 'item'>): string {
  if (reward.item) return `${reward.item.name}${reward.item.active ? '' : ' (removed from the store)'}`;
  return `${formatPoints(reward.points ?? 0)} points`;
}

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

function RewardForm({ editing, onDone }: { editing: LevelReward | null; onDone: () => void }) {
  const save = useSetLevelReward();
  const storeItems = useAdminRewards();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    values: editing ? formOf(editing) : EMPTY,
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  // Active items can be picked; the one already set stays listed even when it was removed since.
  const items = (storeItems.data ?? []).filter((r) => r.active || r.id === editing?.item?.id);
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(toSave(input));
      toast({ title: 'Level Reward Saved', description: `${saved.levelName}: ${saved.title} (${rewardText(saved)})` });
      form.reset(EMPTY);
      onDone();
    } catch (e) {
      toastRequestError(e, 'Save failed');
    }
  });
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Level reward"
      className="grid gap-3 rounded-md border p-4 sm:grid-cols-2 lg:grid-cols-[11rem_1fr_9rem_14rem_auto] lg:items-start"
    >
      <Field label="Level" error={errors.level?.message}>
        <select {...form.register('level', { setValueAs: numberOrNaN })} className={selectClass}>
          {RANKS.map((r) => (
            <option key={r.index} value={r.index}>
              {r.index} · {r.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Title" error={errors.title?.message}>
        <Input {...form.register('title')} />
      </Field>
      <Field label="Reward type">
        <select {...form.register('kind')} className={selectClass}>
          <option value="points">Points</option>
          <option value="item">Store item</option>
        </select>
      </Field>
      {kind === 'points' ? (
        <Field label="Points" error={errors.points?.message}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('points', { setValueAs: numberOrNaN })} />
        </Field>
      ) : (
        <Field
          label="Store item"
          error={errors.rewardId?.message}
          hint={storeItems.isError ? 'The store items could not be loaded.' : 'Claimed as an order at 0 points, for you to fulfil in Orders.'}
        >
          <select {...form.register('rewardId')} className={selectClass}>
            <option value="">{storeItems.isPending ? 'Loading…' : 'Pick an item'}</option>
            {items.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
                {r.stock === null ? '' : ` (${r.stock} left)`}
                {r.active ? '' : ' (inactive)'}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" disabled={save.isPending}>
          {editing ? 'Save' : 'Set reward'}
        </Button>
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** LevelUp Rewards in the admin console (spec 2 §9 levels): the reward of each level (1 to 24: points or a store item), set, changed or removed. */
export function LevelRewardsScreen() {
  const rewards = useAdminLevelRewards();
  const remove = useDeleteLevelReward();
  const [editing, setEditing] = useState<LevelReward | null>(null);
  const [removing, setRemoving] = useState<LevelReward | null>(null);

  const columns = useMemo<AdminColumn<LevelReward>[]>(
    () => [
      { accessorKey: 'level', header: 'Level' },
      { accessorKey: 'levelName', header: 'Rank' },
      { accessorKey: 'title', header: 'Title' },
      { id: 'reward', header: 'Reward', accessorFn: (r) => rewardText(r), cell: (c) => rewardText(c.row.original) },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (c) => (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setEditing(c.row.original)} aria-label={`Edit the reward of ${c.row.original.levelName}`}>
              Edit
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRemoving(c.row.original)} aria-label={`Remove the reward of ${c.row.original.levelName}`}>
              Remove
            </Button>
          </div>
        ),
      },
    ],
    [],
  );

  const onRemove = async () => {
    const reward = removing;
    setRemoving(null);
    if (!reward) return;
    try {
      await remove.mutateAsync(reward.level);
      toast({ title: 'Level Reward Removed', description: `${reward.levelName}: ${reward.title}` });
      if (editing?.level === reward.level) setEditing(null);
    } catch (e) {
      toastRequestError(e, 'Remove failed');
    }
  };

  return (
    <div className="grid gap-4">
      <ScreenHeader
        title="LevelUp Rewards"
        description="Points (through the ledger) or a Points Store item (an order at 0 points, fulfilled in Orders) that a player claims once on reaching a level. Shown on the public Level Up Rewards page."
      />
      <RewardForm editing={editing} onDone={() => setEditing(null)} />
      <AdminQueryState query={rewards} label="level rewards">
        {(data) => (
          <DataTable
            caption="Level rewards"
            columns={columns}
            data={data}
            emptyText={`No level rewards set: the public page says '${LEVEL_REWARDS_EMPTY}'`}
            getRowId={(r) => String(r.level)}
            pageSize={24}
          />
        )}
      </AdminQueryState>
      <ConfirmDialog
        open={removing !== null}
        title="Remove level reward"
        description={removing ? `Remove the reward of ${removing.levelName} (${removing.title})?` : ''}
        confirmLabel="Remove"
        onConfirm={() => void onRemove()}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
    </div>
  );
}
