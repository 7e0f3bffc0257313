import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { StreamRulesSchema, type StreamRules, type StreamStatus } from '@app/shared/api/stream';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Facts } from '../components/facts';
import { textareaClass } from '../components/fields';
import { OverlayLink, StreamOverlayLinks } from '../components/overlay-link';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useStream } from './api/get-stream';
import { useSaveStreamRules } from './api/save-rules';
import { useConnectStream, useStreamAction } from './api/stream-actions';
import { useStreamSetup } from './api/get-stream-setup';
import { DealOrNoDealPanel } from './deal-or-no-deal-panel';
import { GiveawaysPanel } from './giveaways-panel';
import { KickSetupSteps, OriginWarning } from './kick-setup-card';
import { ModerationPanel } from './moderation-panel';
import { ModerationSwitch } from './moderation-switch';
import { StreamCommands } from './stream-commands';
import { STREAM_PATH, StreamTabs, streamTabOf, type StreamTab } from './stream-tabs';
import { TestChatPanel } from './test-chat-panel';
import { TimersPanel } from './timers-panel';
import { TwitchCard } from './twitch-card';
import { fieldErrorsOf } from '@/lib/field-errors';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

const CALLBACK_ERRORS: Record<string, string> = {
  INVALID_OAUTH_STATE: 'The connection attempt was refused (unknown, used or expired). Start again.',
  KICK_UNAVAILABLE: 'Kick did not answer. Try again in a moment.',
  STREAM_NOT_CONFIGURED: 'Kick is not configured on the server.',
};

function ConnectionCard({ status }: { status: StreamStatus }) {
  const connect = useConnectStream();
  const action = useStreamAction();
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const startConnect = async () => {
    try {
      const { url } = await connect.mutateAsync();
      window.location.assign(url);
    } catch (e) {
      toastRequestError(e, 'Could not start connecting');
    }
  };
  const run = async (what: 'disconnect' | 'resubscribe') => {
    try {
      await action.mutateAsync(what);
      toast({ title: what === 'disconnect' ? 'Kick channel disconnected' : 'Subscriptions checked' });
    } catch (e) {
      toastRequestError(e, what === 'disconnect' ? 'Disconnect failed' : 'Resubscribe failed');
    }
  };

  if (!status.connected || !status.channel) {
    return (
      <div className="grid gap-3 text-sm">
        <p>No Kick channel is connected. Connecting lets the bot read chat events, credit stream points and answer commands.</p>
        <div>
          <Button onClick={() => void startConnect()} disabled={connect.isPending}>
            {connect.isPending ? 'Opening Kick…' : 'Connect Kick channel'}
          </Button>
        </div>
      </div>
    );
  }
  const channel = status.channel;
  return (
    <div className="grid gap-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-base font-semibold">kick.com/{channel.slug}</span>
        {status.isLive ? <Badge variant="success">Live</Badge> : <Badge variant="secondary">Offline</Badge>}
        {channel.needsReconnect && <Badge variant="destructive">Reconnect needed</Badge>}
      </div>
      {channel.needsReconnect && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 p-3">
          <span>Refreshing Kick&apos;s token failed. Connect the channel again to keep events and commands working.</span>
          <Button size="sm" onClick={() => void startConnect()} disabled={connect.isPending}>
            Reconnect
          </Button>
        </div>
      )}
      {status.silentMinutes !== null && (
        <p role="alert" className="rounded-md border border-amber-500/50 p-3">
          No events for {status.silentMinutes} minutes while live. Kick may have dropped the subscriptions: Resubscribe.
        </p>
      )}
      <Facts
        className="sm:grid-cols-3"
        facts={[
          ['Broadcaster id', channel.broadcasterUserId],
          ['Live since', status.isLive ? at(status.liveSince) : 'Offline'],
          ['Last event', at(status.lastEventAt)],
          ['Token expires', at(channel.tokenExpiresAt)],
          ['Scopes', channel.scopes.join(' ') || '—'],
          ['Subscriptions', `${status.subscriptions.length} events`],
        ]}
      />
      {status.subscriptions.length > 0 && (
        <ul aria-label="Event subscriptions" className="flex flex-wrap gap-1.5">
          {status.subscriptions.map((s) => (
            <li key={s.id}>
              <Badge variant="outline">{s.event}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void run('resubscribe')} disabled={action.isPending}>
          Resubscribe
        </Button>
        <Button variant="outline" onClick={() => setConfirmDisconnect(true)} disabled={action.isPending}>
          Disconnect
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDisconnect}
        onOpenChange={setConfirmDisconnect}
        title="Disconnect the Kick channel?"
        description="The tokens are revoked and forgotten. Stream points and chat commands stop until you connect again."
        confirmLabel="Disconnect"
        onConfirm={() => void run('disconnect')}
      />
    </div>
  );
}

type RuleKey = Exclude<keyof StreamRules, 'ignoredUsernames'>;

const RULE_FIELDS: { key: RuleKey; label: string; hint: string; step?: string }[] = [
  { key: 'intervalMinutes', label: 'Block length (minutes)', hint: '1 to 60' },
  { key: 'activeWindowMinutes', label: 'Active window (minutes)', hint: 'A chat message this recent counts as present (1 to 120)' },
  { key: 'pointsPerInterval', label: 'Points per block', hint: 'Each present linked viewer' },
  { key: 'subscriberMultiplier', label: 'Subscriber multiplier', hint: '1 to 10', step: '0.1' },
  { key: 'dailyCap', label: 'Daily cap (presence points)', hint: 'Per viewer per UTC day; bonuses are not capped' },
  { key: 'followBonus', label: 'First follow bonus', hint: 'Once per Kick account' },
  { key: 'subscriptionBonus', label: 'Subscription bonus', hint: 'New or renewed' },
  { key: 'giftBonus', label: 'Gifted subscription bonus', hint: 'To the gifter, per gift' },
  { key: 'pointsPerKick', label: 'Points per KICK', hint: 'For KICKs sent' },
];

function RulesForm({ rules }: { rules: StreamRules }) {
  const save = useSaveStreamRules();
  const [values, setValues] = useState<Record<RuleKey, string>>(() => toValues(rules));
  const [ignored, setIgnored] = useState(rules.ignoredUsernames.join('\n'));
  const [errors, setErrors] = useState<Partial<Record<keyof StreamRules, string>>>({});
  useEffect(() => {
    setValues(toValues(rules));
    setIgnored(rules.ignoredUsernames.join('\n'));
  }, [rules]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      ...Object.fromEntries(RULE_FIELDS.map((f) => [f.key, values[f.key] === '' ? Number.NaN : Number(values[f.key])])),
      ignoredUsernames: ignored
        .split(/[\s,]+/)
        .map((n) => n.trim())
        .filter(Boolean),
    };
    const parsed = StreamRulesSchema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast({ title: 'Stream rules saved' });
    } catch (e) {
      toastRequestError(e, 'Save failed');
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {RULE_FIELDS.map((f) => (
          <FormField
            key={f.key}
            label={f.label}
            hint={f.hint}
            error={errors[f.key]}
            type="number"
            inputMode="decimal"
            step={f.step ?? '1'}
            value={values[f.key]}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          />
        ))}
      </div>
      <Field label="Ignored Kick usernames" hint="Other bots: one per line. They never earn points." error={errors.ignoredUsernames}>
        <textarea className={textareaClass} value={ignored} onChange={(e) => setIgnored(e.target.value)} rows={3} />
      </Field>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rules'}
        </Button>
      </div>
    </form>
  );
}

function toValues(rules: StreamRules): Record<RuleKey, string> {
  return Object.fromEntries(RULE_FIELDS.map((f) => [f.key, String(rules[f.key])])) as Record<RuleKey, string>;
}

/** The Kick card: the connection, or, before Kick is configured, everything to copy into Kick's developer settings. */
function KickCard() {
  const query = useStream();
  const setup = useStreamSetup();
  const isConfigured = query.data?.configured;
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Kick channel</h2>
        </CardTitle>
        <CardDescription>
          {isConfigured === false
            ? 'Kick is not configured yet. Create an app at Kick with the values below, set the variables, and restart the server.'
            : 'Events arrive by webhook; the bot replies in chat as the connected account.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AdminQueryState query={query} label="the stream">
          {(status) => (status.configured ? <ConnectionCard status={status} /> : null)}
        </AdminQueryState>
        {isConfigured === false && (
          <AdminQueryState query={setup} label="Kick's setup">
            {(data) => <KickSetupSteps setup={data.kick} />}
          </AdminQueryState>
        )}
        {isConfigured === true && setup.data && (
          <>
            <OriginWarning warning={setup.data.kick.originWarning} />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Kick app settings (redirect and webhook URLs, scopes, variables)</summary>
              <div className="pt-3">
                <KickSetupSteps setup={{ ...setup.data.kick, originWarning: null }} />
              </div>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PointsCard() {
  const query = useStream();
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Stream points</h2>
        </CardTitle>
        <CardDescription>
          Kick has no viewer list: a viewer who chatted within the active window is present, and each completed block credits present linked viewers. Unlinked
          viewers earn into a holding balance kept 30 days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AdminQueryState query={query} label="the rules">
          {(status) => <RulesForm rules={status.rules} />}
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}

const PANELS: Record<StreamTab, () => ReactNode> = {
  connection: () => (
    <>
      <KickCard />
      <TwitchCard />
      <Card>
        <CardContent className="pt-6">
          <StreamOverlayLinks />
        </CardContent>
      </Card>
    </>
  ),
  points: () => <PointsCard />,
  commands: () => <StreamCommands />,
  timers: () => <TimersPanel />,
  giveaways: () => (
    <>
      <OverlayLink label="Giveaway overlay" path="/overlay/giveaway" />
      <GiveawaysPanel />
    </>
  ),
  moderation: () => (
    <>
      <ModerationSwitch />
      <ModerationPanel />
    </>
  ),
  dealornodeal: () => (
    <>
      <OverlayLink label="Deal or No Deal overlay" path="/overlay/dealornodeal" />
      <DealOrNoDealPanel />
    </>
  ),
  'test-chat': () => <TestChatPanel />,
};

/** Stream: tabs at /admin/stream/<tab> for the channel, points, commands, timers, giveaways, moderation, Deal or No Deal and the test chat. */
export function StreamScreen() {
  const { pathname, search } = useLocation();
  const tab = streamTabOf(pathname);
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (!tab) return;
    const connected = params.get('connected');
    const error = params.get('error');
    if (!connected && !error) return;
    if (connected) toast({ title: connected === 'twitch' ? 'Twitch channel connected' : 'Kick channel connected' });
    if (error) toast({ title: 'Connecting failed', description: CALLBACK_ERRORS[error] ?? 'Something went wrong. Try again.', variant: 'destructive' });
    setParams({}, { replace: true });
  }, [tab, params, setParams]);

  // /admin/stream (where Kick's OAuth callback lands, with ?connected=1 or ?error=) and unknown tabs open the connection.
  if (!tab) return <Navigate to={`${STREAM_PATH}/connection${search}`} replace />;
  return (
    <div className="grid gap-4">
      <ScreenHeader
        title="Stream"
        description="The channel the bot serves, how stream activity earns points, the chat commands and games, and a chat to try them in."
      />
      <StreamTabs tab={tab} panels={PANELS} />
    </div>
  );
}
