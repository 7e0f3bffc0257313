import { useId, useState, type FormEvent } from 'react';
import { StreamTimerInputSchema, type StreamTimer } from '@app/shared/api/stream-studio';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { Switch } from '@/components/ui/switch';
import { fieldErrorsOf } from '@/lib/field-errors';
import { ConfirmDialog } from '../components/confirm-dialog';
import { textareaClass } from '../components/fields';
import { AdminQueryState } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useChangeStreamTimer, useStreamTimers } from './api/timers';

type Errors = Partial<Record<'name' | 'message' | 'intervalMinutes' | 'minChatLines', string>>;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Adds a timer, or with `timer` edits it. */
function TimerForm({ timer, onDone }: { timer?: StreamTimer; onDone?: () => void }) {
  const change = useChangeStreamTimer();
  const [name, setName] = useState(timer?.name ?? '');
  const [message, setMessage] = useState(timer?.message ?? '');
  const [intervalText, setIntervalText] = useState(String(timer?.intervalMinutes ?? 15));
  const [minLines, setMinLines] = useState(String(timer?.minChatLines ?? 5));
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = StreamTimerInputSchema.safeParse({
      name,
      message,
      intervalMinutes: numberOf(intervalText),
      minChatLines: numberOf(minLines),
      enabled: timer?.enabled ?? true,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      if (timer) {
        await change.mutateAsync({ kind: 'update', id: timer.id, input: parsed.data });
        toast({ title: `${parsed.data.name} saved` });
      } else {
        await change.mutateAsync({ kind: 'create', input: parsed.data });
        toast({ title: `${parsed.data.name} added` });
        setName('');
        setMessage('');
      }
      onDone?.();
    } catch (e) {
      toastRequestError(e, timer ? 'Could not save the timer' : 'Could not add the timer');
    }
  };

  return (
    <form
      className={timer ? 'grid gap-3' : 'grid gap-3 rounded-md border p-3'}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={timer ? `Edit ${timer.name}` : 'Add a timer'}
    >
      <div className={timer ? 'grid gap-3' : 'grid gap-3 sm:grid-cols-3'}>
        <FormField label="Name" hint="e.g. Discord reminder" error={errors.name} value={name} onChange={(e) => setName(e.target.value)} />
        <FormField
          label="Every (minutes)"
          hint="5 to 120"
          type="number"
          inputMode="numeric"
          error={errors.intervalMinutes}
          value={intervalText}
          onChange={(e) => setIntervalText(e.target.value)}
        />
        <FormField
          label="Chat lines between posts"
          hint="0 to 100; the bot waits for this many"
          type="number"
          inputMode="numeric"
          error={errors.minChatLines}
          value={minLines}
          onChange={(e) => setMinLines(e.target.value)}
        />
      </div>
      <Field label="Message" error={errors.message}>
        <textarea className={textareaClass} value={message} onChange={(e) => setMessage(e.target.value)} rows={2} />
      </Field>
      <div className={timer ? 'flex justify-end gap-2' : undefined}>
        {timer && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={change.isPending}>
          {timer ? 'Save timer' : 'Add timer'}
        </Button>
      </div>
    </form>
  );
}

function TimerRow({ timer }: { timer: StreamTimer }) {
  const id = useId();
  const change = useChangeStreamTimer();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const input = { name: timer.name, message: timer.message, intervalMinutes: timer.intervalMinutes, minChatLines: timer.minChatLines };
  const toggle = async (enabled: boolean) => {
    try {
      await change.mutateAsync({ kind: 'update', id: timer.id, input: { ...input, enabled } });
    } catch (e) {
      toastRequestError(e, 'Switch failed');
    }
  };
  const remove = async () => {
    try {
      await change.mutateAsync({ kind: 'delete', id: timer.id });
      toast({ title: `${timer.name} deleted` });
    } catch (e) {
      toastRequestError(e, 'Delete failed');
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm">
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className="font-medium">
          {timer.name}
        </label>
        <span className="break-words text-muted-foreground">{timer.message}</span>
        <span className="text-xs text-muted-foreground">
          Every {timer.intervalMinutes} min while live, after {timer.minChatLines} chat {timer.minChatLines === 1 ? 'line' : 'lines'} ·{' '}
          {timer.lastPostedAt ? `last posted ${when.format(new Date(timer.lastPostedAt))}` : 'not posted yet'}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={id} checked={timer.enabled} disabled={change.isPending} onCheckedChange={(v) => void toggle(v)} />
        <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${timer.name}`}>
          Edit
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirmDelete(true)} aria-label={`Delete ${timer.name}`}>
          Delete
        </Button>
      </div>
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Edit {timer.name}</DialogTitle>
            <DialogDescription>The next post comes the new interval after this save.</DialogDescription>
          </DialogHeader>
          {editing && <TimerForm timer={timer} onDone={() => setEditing(false)} />}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${timer.name}?`}
        description="The bot stops posting it."
        confirmLabel="Delete"
        onConfirm={() => void remove()}
      />
    </li>
  );
}

/** The Timers tab: messages the bot posts every N minutes while live, once enough chat came since the last post. */
export function TimersPanel() {
  const query = useStreamTimers();
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Timers</h2>
        </CardTitle>
        <CardDescription>
          The bot posts each message every N minutes while the stream is live (the first N minutes after it goes live or the timer is saved), only when enough
          chat lines came since its last post, paced with its other messages.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AdminQueryState query={query} label="timers">
          {({ timers }) =>
            timers.length === 0 ? (
              <p className="text-sm text-muted-foreground">No timers yet.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Timers">
                {timers.map((t) => (
                  <TimerRow key={t.id} timer={t} />
                ))}
              </ul>
            )
          }
        </AdminQueryState>
        <TimerForm />
      </CardContent>
    </Card>
  );
}
