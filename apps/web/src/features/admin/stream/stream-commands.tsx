import { useId, useState, type FormEvent } from 'react';
import { STREAM_COMMAND_ROLES, StreamCommandInputSchema, type StreamCommand, type StreamCommandRole } from '@app/shared/api/stream';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { Switch } from '@/components/ui/switch';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EnumSelect, textareaClass } from '../components/fields';
import { AdminQueryState } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useChangeStreamCommand, useStreamCommands } from './api/commands';
import { fieldErrorsOf } from '@/lib/field-errors';

type Errors = Partial<Record<'name' | 'reply' | 'userCooldownSeconds' | 'globalCooldownSeconds' | 'role', string>>;

const ROLE_LABELS: Record<StreamCommandRole, string> = { everyone: 'Everyone', subscriber: 'Subscribers', vip: 'VIPs', moderator: 'Moderators' };

/** The command form: adds a command, or with `command` edits its name, reply and cooldowns. */
function CommandForm({ command, onDone }: { command?: StreamCommand; onDone?: () => void }) {
  const change = useChangeStreamCommand();
  const [name, setName] = useState(command?.name ?? '');
  const [reply, setReply] = useState(command?.reply ?? '');
  const [userCooldown, setUserCooldown] = useState(String(command?.userCooldownSeconds ?? 30));
  const [globalCooldown, setGlobalCooldown] = useState(String(command?.globalCooldownSeconds ?? 5));
  const [role, setRole] = useState<StreamCommandRole>(command?.role ?? 'everyone');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = StreamCommandInputSchema.safeParse({
      name,
      reply,
      userCooldownSeconds: userCooldown === '' ? Number.NaN : Number(userCooldown),
      globalCooldownSeconds: globalCooldown === '' ? Number.NaN : Number(globalCooldown),
      enabled: command?.enabled ?? true,
      role,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      if (command) {
        await change.mutateAsync({ kind: 'update', id: command.id, input: parsed.data });
        toast({ title: `!${parsed.data.name} saved` });
      } else {
        await change.mutateAsync({ kind: 'create', input: parsed.data });
        toast({ title: `!${parsed.data.name} added` });
        setName('');
        setReply('');
        setRole('everyone');
      }
      onDone?.();
    } catch (e) {
      toastRequestError(e, command ? 'Could not save the command' : 'Could not add the command');
    }
  };

  return (
    <form
      className={command ? 'grid gap-3' : 'grid gap-3 rounded-md border p-3'}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={command ? `Edit !${command.name}` : 'Add a command'}
    >
      <div className={command ? 'grid gap-3' : 'grid gap-3 sm:grid-cols-3'}>
        <FormField label="Command" hint="e.g. !discord" error={errors.name} value={name} onChange={(e) => setName(e.target.value)} />
        <FormField
          label="Cooldown per user (s)"
          type="number"
          error={errors.userCooldownSeconds}
          value={userCooldown}
          onChange={(e) => setUserCooldown(e.target.value)}
        />
        <FormField
          label="Global cooldown (s)"
          type="number"
          error={errors.globalCooldownSeconds}
          value={globalCooldown}
          onChange={(e) => setGlobalCooldown(e.target.value)}
        />
      </div>
      <Field label="Who may use it" hint="A moderator may use a VIP's command, a VIP a subscriber's." error={errors.role}>
        {(control) => <EnumSelect value={role} options={STREAM_COMMAND_ROLES} onChange={setRole} control={control} labelOf={(r) => ROLE_LABELS[r]} />}
      </Field>
      <Field label="Reply" hint="Placeholders: {user} {points} {rank} {site} {uptime} {count} (times used)" error={errors.reply}>
        <textarea className={textareaClass} value={reply} onChange={(e) => setReply(e.target.value)} rows={2} />
      </Field>
      <div className={command ? 'flex justify-end gap-2' : undefined}>
        {command && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={change.isPending}>
          {command ? 'Save command' : 'Add command'}
        </Button>
      </div>
    </form>
  );
}

function EditCommandDialog({ command, open, onOpenChange }: { command: StreamCommand; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit !{command.name}</DialogTitle>
          <DialogDescription>The bot answers with the new reply and cooldowns from the next message.</DialogDescription>
        </DialogHeader>
        {open && <CommandForm command={command} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CommandRow({ command }: { command: StreamCommand }) {
  const id = useId();
  const change = useChangeStreamCommand();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editing, setEditing] = useState(false);
  const { id: commandId, updatedAt: _updatedAt, uses: _uses, ...input } = command;
  const toggle = async (enabled: boolean) => {
    try {
      await change.mutateAsync({ kind: 'update', id: commandId, input: { ...input, enabled } });
    } catch (e) {
      toastRequestError(e, 'Switch failed');
    }
  };
  const remove = async () => {
    try {
      await change.mutateAsync({ kind: 'delete', id: commandId });
      toast({ title: `!${command.name} deleted` });
    } catch (e) {
      toastRequestError(e, 'Delete failed');
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm">
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className="font-mono font-medium">
          !{command.name}
        </label>
        <span className="break-words text-muted-foreground">{command.reply}</span>
        <span className="text-xs text-muted-foreground">
          {ROLE_LABELS[command.role]} · cooldown {command.userCooldownSeconds}s per user, {command.globalCooldownSeconds}s for everyone · used{' '}
          {command.uses.toLocaleString('en-US')} {command.uses === 1 ? 'time' : 'times'}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={id} checked={command.enabled} disabled={change.isPending} onCheckedChange={(v) => void toggle(v)} />
        <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit !${command.name}`}>
          Edit
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirmDelete(true)} aria-label={`Delete !${command.name}`}>
          Delete
        </Button>
      </div>
      <EditCommandDialog command={command} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete !${command.name}?`}
        description="The bot stops answering it."
        confirmLabel="Delete"
        onConfirm={() => void remove()}
      />
    </li>
  );
}

/** The custom chat commands (the built-in ones are listed, not editable). */
export function StreamCommands() {
  const query = useStreamCommands();
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Chat commands</h2>
        </CardTitle>
        <CardDescription>The bot answers in chat while the Commands switch is on, at most one message a second.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AdminQueryState query={query} label="the commands">
          {(data) => (
            <>
              <p className="text-sm text-muted-foreground">Built in: {data.builtIn.map((n) => `!${n}`).join(', ')}</p>
              {data.commands.length === 0 ? (
                <p className="text-sm text-muted-foreground">No custom commands yet.</p>
              ) : (
                <ul className="grid gap-2" aria-label="Custom commands">
                  {data.commands.map((c) => (
                    <CommandRow key={c.id} command={c} />
                  ))}
                </ul>
              )}
            </>
          )}
        </AdminQueryState>
        <CommandForm />
      </CardContent>
    </Card>
  );
}
