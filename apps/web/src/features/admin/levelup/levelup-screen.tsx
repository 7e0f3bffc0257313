import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LevelRewardInputSchema, LEVEL_REWARDS_EMPTY, type LevelReward } from '@app/shared/api/level-rewards';
import { RANKS } from '@app/shared/domain/ranks';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type AdminColumn } from '../components/data-table';
import { Field, numberOrNaN } from '../components/fields';
import { formatPoints } from '../components/format';
import { QueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useAdminLevelRewards, useDeleteLevelReward, useSetLevelReward } from './levelup-api';

const FormSchema = LevelRewardInputSchema.extend({ level: z.number().int().min(1, 'A level is 1 to 24').max(24, 'A level is 1 to 24') });
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

function RewardForm({ editing, onDone }: { editing: LevelReward | null; onDone: () => void }) {
  const save = useSetLevelReward();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    values: editing ? { level: editing.level, title: editing.title, points: editing.points } : { level: 1, title: '', points: 100 },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      toast({ title: 'Level Reward Saved', description: `${saved.levelName}: ${saved.title} (${formatPoints(saved.points)} points)` });
      form.reset({ level: 1, title: '', points: 100 });
      onDone();
    } catch (e) {
      toastRequestError(e, 'Save failed');
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Level reward" className="grid gap-3 rounded-md border p-4 sm:grid-cols-[12rem_1fr_10rem_auto] sm:items-start">
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
      <Field label="Points" error={errors.points?.message}>
        <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('points', { setValueAs: numberOrNaN })} />
      </Field>
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

/** Issue 11: LevelUp Rewards in the admin console: the points reward of each level (1 to 24), set, changed or removed. */
export function LevelUpScreen() {
  const rewards = useAdminLevelRewards();
  const remove = useDeleteLevelReward();
  const [editing, setEditing] = useState<LevelReward | null>(null);
  const [removing, setRemoving] = useState<LevelReward | null>(null);

  const columns = useMemo<AdminColumn<LevelReward>[]>(
    () => [
      { accessorKey: 'level', header: 'Level' },
      { accessorKey: 'levelName', header: 'Rank' },
      { accessorKey: 'title', header: 'Title' },
      { accessorKey: 'points', header: 'Points', cell: (c) => formatPoints(c.row.original.points) },
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
        description="Points a player claims once on reaching a level, through the ledger. Shown on the public Level Up Rewards page."
      />
      <RewardForm editing={editing} onDone={() => setEditing(null)} />
      <QueryState query={rewards} label="level rewards">
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
      </QueryState>
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
