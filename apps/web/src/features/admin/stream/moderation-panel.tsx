import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ChatModerationSettingsSchema, type ChatModerationAct, type ChatModerationSettings, type ChatModerationState } from '@app/shared/api/chat-moderation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { Switch } from '@/components/ui/switch';
import { textareaClass } from '../components/fields';
import { AdminQueryState } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useChatModeration, useSaveChatModeration } from './api/moderation';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Errors = Partial<Record<keyof ChatModerationSettings, string>>;

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** "1, 10, 60" → [1, 10, 60]; a part that is not a number stays NaN (the schema says what is wrong). */
const minutesList = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN));

function SettingsForm({ settings }: { settings: ChatModerationSettings }) {
  const save = useSaveChatModeration();
  const linksId = useId();
  const [terms, setTerms] = useState(settings.blockedTerms.join('\n'));
  const [blockLinks, setBlockLinks] = useState(settings.blockLinks);
  const [domains, setDomains] = useState(settings.allowedDomains.join('\n'));
  const [timeouts, setTimeouts] = useState(settings.timeoutMinutes.join(', '));
  const [windowMinutes, setWindowMinutes] = useState(String(settings.windowMinutes));
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    setTerms(settings.blockedTerms.join('\n'));
    setBlockLinks(settings.blockLinks);
    setDomains(settings.allowedDomains.join('\n'));
    setTimeouts(settings.timeoutMinutes.join(', '));
    setWindowMinutes(String(settings.windowMinutes));
  }, [settings]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChatModerationSettingsSchema.safeParse({
      blockedTerms: lines(terms),
      blockLinks,
      allowedDomains: lines(domains),
      timeoutMinutes: minutesList(timeouts),
      windowMinutes: windowMinutes.trim() === '' ? Number.NaN : Number(windowMinutes),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ChatModerationSettings;
        const line = typeof issue.path[1] === 'number' ? ` (line ${issue.path[1] + 1})` : '';
        const message = issue.message.startsWith('Invalid input') ? 'Enter whole minutes' : issue.message;
        found[field] ??= field === 'timeoutMinutes' ? message : `${message}${line}`;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast({ title: 'Chat moderation saved' });
    } catch (e) {
      toastRequestError(e, 'Save failed');
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Chat moderation settings">
      <Field
        label="Blocked words and phrases"
        hint="One per line. Whole words, any case; look-alikes count (0 o, 1 i or l, 3 e, 4 a, 5 s, 7 t, @ a, $ s) and so do dots or spaces between letters."
        error={errors.blockedTerms}
      >
        <textarea className={textareaClass} value={terms} onChange={(e) => setTerms(e.target.value)} rows={5} />
      </Field>
      <div className="flex items-start gap-3">
        <Switch id={linksId} checked={blockLinks} onCheckedChange={setBlockLinks} aria-describedby={`${linksId}-hint`} />
        <div className="grid gap-0.5">
          <label htmlFor={linksId} className="text-sm font-medium">
            Block links
          </label>
          <span id={`${linksId}-hint`} className="text-xs text-muted-foreground">
            Delete messages with links, except to the allowed domains below.
          </span>
        </div>
      </div>
      <Field label="Allowed domains" hint="One per line, e.g. youtube.com; its subdomains are allowed too." error={errors.allowedDomains}>
        <textarea className={textareaClass} value={domains} onChange={(e) => setDomains(e.target.value)} rows={3} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Timeouts (minutes)"
          hint="For the 2nd, 3rd, 4th… offence in the window (the first is only deleted; the last step repeats)"
          error={errors.timeoutMinutes}
          inputMode="numeric"
          value={timeouts}
          onChange={(e) => setTimeouts(e.target.value)}
        />
        <FormField
          label="Window (minutes)"
          hint="Offences count this long (1 to 1,440)"
          error={errors.windowMinutes}
          type="number"
          inputMode="numeric"
          value={windowMinutes}
          onChange={(e) => setWindowMinutes(e.target.value)}
        />
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save moderation'}
        </Button>
      </div>
    </form>
  );
}

const KIND_LABELS: Record<ChatModerationAct['kind'], string> = { delete: 'Deleted', timeout: 'Timeout', chat_ban: 'Chat ban' };

function actDetail(act: ChatModerationAct): string {
  if (act.kind === 'delete') return act.reason;
  const length = act.minutes === null ? 'permanent' : `${act.minutes} min`;
  return `${length}: ${act.reason}`;
}

function RecentActs({ acts }: { acts: ChatModerationAct[] }) {
  if (acts.length === 0) return <p className="text-sm text-muted-foreground">No moderation acts yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Recent moderation acts">
      {acts.map((act) => (
        <li key={act.id} className="grid gap-1 rounded-md border p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={act.kind === 'delete' ? 'secondary' : 'destructive'}>{KIND_LABELS[act.kind]}</Badge>
            <span className="font-medium">@{act.kickUsername}</span>
            <span className="text-muted-foreground">{actDetail(act)}</span>
            <time className="ml-auto text-xs text-muted-foreground" dateTime={act.time}>
              {when.format(new Date(act.time))}
            </time>
          </div>
          <q className="break-words text-muted-foreground">{act.message}</q>
        </li>
      ))}
    </ul>
  );
}

function ModerationBody({ state }: { state: ChatModerationState }) {
  return (
    <div className="grid gap-6">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>Moderation switch:</span>
        {state.enabled ? <Badge variant="success">On</Badge> : <Badge variant="secondary">Off</Badge>}
        <span className="text-muted-foreground">
          {state.enabled ? 'The bot moderates chat now.' : 'Nothing is moderated until it is on.'} Switch it above, or on the{' '}
          <Link to="/admin" className="underline underline-offset-4">
            Overview&apos;s Bot Status
          </Link>
          .
        </span>
      </p>
      <SettingsForm settings={state.settings} />
      <section className="grid gap-2" aria-labelledby="moderation-recent">
        <h3 id="moderation-recent" className="text-base font-semibold">
          Recent moderation acts
        </h3>
        <RecentActs acts={state.recent} />
      </section>
    </div>
  );
}

/** The Stream screen's chat moderation: blocked words, links, timeouts, and what the bot did lately. */
export function ModerationPanel() {
  const query = useChatModeration();
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Chat moderation</h2>
        </CardTitle>
        <CardDescription>
          The bot deletes messages with blocked words or links and times out repeat offenders. Moderators, VIPs and the broadcaster are exempt; a linked user
          with a site Chat ban is timed out when they next speak. Every act is in the audit log.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AdminQueryState query={query} label="chat moderation">
          {(state) => <ModerationBody state={state} />}
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}
