import { useState, type FormEvent } from 'react';
import { TEST_CHAT_ROLES, TestChatInputSchema, type TestChatLine, type TestChatRole } from '@app/shared/api/stream-studio';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { EnumSelect } from '../components/fields';
import { AdminQueryState } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useAdminGiveaways, useGiveawayAct } from './api/giveaways';
import { useMemberSearch, useSendTestChat, useTestChat } from './api/test-chat';

const ROLE_LABELS: Record<TestChatRole, string> = { viewer: 'Viewer', subscriber: 'Subscriber', vip: 'VIP', moderator: 'Moderator' };
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

type Errors = Partial<Record<'name' | 'role' | 'memberId' | 'text', string>>;
type Member = { id: string; name: string };

/** The console: the test viewers' messages, the bot's replies and what the handlers did, oldest first. */
function Console({ lines }: { lines: TestChatLine[] }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">Nothing yet. Send a message, e.g. !points.</p>;
  return (
    <ol className="grid max-h-96 gap-1 overflow-y-auto rounded-md border p-3 text-sm" aria-label="Test chat console">
      {lines.map((line) => (
        <li key={line.id} className="flex flex-wrap items-baseline gap-2">
          <time className="text-xs text-muted-foreground" dateTime={line.at}>
            {time.format(new Date(line.at))}
          </time>
          {line.kind === 'viewer' ? (
            <>
              <span className="font-medium">{line.name}</span>
              {line.role && line.role !== 'viewer' ? <Badge variant="secondary">{ROLE_LABELS[line.role]}</Badge> : null}
              <span className="break-words">{line.text}</span>
            </>
          ) : line.kind === 'bot' ? (
            <>
              <Badge>Bot</Badge>
              <span className="break-words">{line.text}</span>
            </>
          ) : (
            <span className="italic text-muted-foreground">{line.text}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Picks the member a test viewer stands for (optional): a search over the members who are not admins. */
function MemberPicker({ member, onChange, error }: { member: Member | null; onChange: (member: Member | null) => void; error?: string | undefined }) {
  const [q, setQ] = useState('');
  const found = useMemberSearch(q);
  if (member) {
    return (
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">Linked member</span>
        <div className="flex items-center gap-2 text-sm">
          <span>{member.name}</span>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
            Unlink
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-1.5">
      <FormField
        label="Linked member (optional)"
        hint="Search by name or e-mail; the test viewer reads their points and rank. Admins cannot be picked."
        error={error}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {found.data && found.data.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Matching members">
          {found.data.map((u) => (
            <li key={u.id}>
              <Button type="button" variant="outline" size="sm" onClick={() => onChange({ id: u.id, name: u.name })}>
                {u.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Starts a test giveaway (only test viewers enter; never published; allowed with no chat connected). */
function TestGiveaway() {
  const giveaways = useAdminGiveaways();
  const act = useGiveawayAct();
  const open = giveaways.data?.find((g) => g.status === 'Open');
  if (open) {
    return (
      <p className="text-sm text-muted-foreground">
        {open.isTest ? 'Test giveaway' : 'Giveaway'} #{open.number} is taking entries: type {open.keyword} to enter.
      </p>
    );
  }
  const start = async () => {
    try {
      await act.mutateAsync({
        kind: 'start',
        input: { prize: 'Test prize', prizePoints: null, keyword: '!join', durationSeconds: 300, winners: 1, entryMode: 'anyone', test: true },
      });
      toast({ title: 'Test giveaway started: type !join' });
    } catch (e) {
      toastRequestError(e, 'Could not start the test giveaway');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" disabled={act.isPending} onClick={() => void start()}>
        Start a test giveaway
      </Button>
      <span className="text-xs text-muted-foreground">Keyword !join for 5 minutes; only test viewers enter and it is never published.</span>
    </div>
  );
}

/**
 * The Test chat tab: the admin types as a test viewer and sees the bot's answers. The message goes
 * through the same handlers as one from Kick (commands, giveaways, moderation, ...), but replies stay
 * here, test viewers earn nothing and their entries are kept off public pages.
 */
export function TestChatPanel() {
  const log = useTestChat();
  const send = useSendTestChat();
  const [name, setName] = useState('tester');
  const [role, setRole] = useState<TestChatRole>('viewer');
  const [member, setMember] = useState<Member | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = TestChatInputSchema.safeParse({ viewer: { name, role, ...(member ? { memberId: member.id } : {}) }, text });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] === 'viewer' ? issue.path[1] : issue.path[0]) as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      setText('');
    } catch (e) {
      toastRequestError(e, 'The test message failed');
    }
  };

  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Test chat</h2>
        </CardTitle>
        <CardDescription>
          Try the bot without going live: write as a test viewer and see what the bot answers. Replies stay here and never reach Kick; test viewers earn no
          points.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AdminQueryState query={log} label="the test chat">
          {({ lines }) => <Console lines={lines} />}
        </AdminQueryState>
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Test message">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Test viewer's name" error={errors.name} value={name} onChange={(e) => setName(e.target.value)} />
            <Field label="Role" error={errors.role}>
              {(control) => <EnumSelect value={role} options={TEST_CHAT_ROLES} onChange={setRole} control={control} labelOf={(r) => ROLE_LABELS[r]} />}
            </Field>
          </div>
          <MemberPicker member={member} onChange={setMember} error={errors.memberId} />
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-64 flex-1">
              <FormField label="Message" error={errors.text} value={text} onChange={(e) => setText(e.target.value)} />
            </div>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send'}
            </Button>
          </div>
        </form>
        <section className="grid gap-2" aria-labelledby="test-chat-giveaway">
          <h3 id="test-chat-giveaway" className="text-base font-semibold">
            Test giveaway
          </h3>
          <TestGiveaway />
        </section>
      </CardContent>
    </Card>
  );
}
