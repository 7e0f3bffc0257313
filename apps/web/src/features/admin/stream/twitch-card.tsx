import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatPlatformStatus, StreamStatusWithPlatforms } from '@app/shared/api/chat-platforms';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/sonner';
import { api } from '@/lib/api-client';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Facts } from '../components/facts';
import { AdminQueryState } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { streamQueryKey, useStream } from './api/get-stream';
import { useStreamSetup } from './api/get-stream-setup';
import { OriginWarning } from './kick-setup-card';
import { TwitchSetupSteps } from './twitch-setup-steps';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

/** Why Twitch asks for a reconnect, in words (Twitch's revocation statuses, or our failed refresh). */
const REASONS: Record<string, string> = {
  refresh_failed: "Refreshing Twitch's token failed.",
  authorization_revoked: 'The broadcaster revoked the app’s access on Twitch.',
  user_removed: 'The Twitch account was removed or suspended.',
  notification_failures_exceeded: 'Twitch stopped the subscriptions after too many failed deliveries.',
  version_removed: 'Twitch retired an event version the channel used.',
};

function useConnectTwitch() {
  return useMutation({ mutationFn: () => api.post<{ url: string }>('/api/admin/stream/twitch/connect') });
}

function useDisconnectTwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/admin/stream/twitch/disconnect'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamQueryKey }),
  });
}

/** Before Twitch is configured: what to register at Twitch and the variables to set. */
function TwitchSetup() {
  const setup = useStreamSetup();
  return (
    <AdminQueryState query={setup} label="Twitch setup">
      {(data) => <TwitchSetupSteps setup={data.twitch} />}
    </AdminQueryState>
  );
}

/** Configured against an address Twitch cannot post to: said on the card, as on Kick's. */
function TwitchOriginWarning() {
  const setup = useStreamSetup();
  return <OriginWarning warning={setup.data?.twitch.originWarning ?? null} />;
}

function TwitchConnection({ card }: { card: ChatPlatformStatus }) {
  const connect = useConnectTwitch();
  const disconnect = useDisconnectTwitch();
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const startConnect = async () => {
    try {
      const { url } = await connect.mutateAsync();
      window.location.assign(url);
    } catch (e) {
      toastRequestError(e, 'Could not start connecting');
    }
  };
  const runDisconnect = async () => {
    try {
      await disconnect.mutateAsync();
      toast({ title: 'Twitch channel disconnected' });
    } catch (e) {
      toastRequestError(e, 'Disconnect failed');
    }
  };

  if (!card.configured) return <TwitchSetup />;
  if (!card.connected || !card.channel) {
    return (
      <div className="grid gap-3 text-sm">
        <TwitchOriginWarning />
        <p>No Twitch channel is connected. Connecting lets the bot read Twitch chat and link Twitch viewers to their site accounts.</p>
        <div>
          <Button onClick={() => void startConnect()} disabled={connect.isPending}>
            {connect.isPending ? 'Opening Twitch…' : 'Connect Twitch channel'}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-base font-semibold">twitch.tv/{card.channel.login}</span>
        {card.isLive ? <Badge variant="success">Live</Badge> : <Badge variant="secondary">Offline</Badge>}
        {card.needsReconnect && <Badge variant="destructive">Reconnect needed</Badge>}
      </div>
      {card.needsReconnect && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 p-3">
          <span>{REASONS[card.reconnectReason ?? ''] ?? 'Twitch ended the connection.'} Connect the channel again to keep its events and chat working.</span>
          <Button size="sm" onClick={() => void startConnect()} disabled={connect.isPending}>
            Reconnect
          </Button>
        </div>
      )}
      <Facts
        className="sm:grid-cols-3"
        facts={[
          ['Broadcaster id', card.channel.id],
          ['Last event', at(card.lastEventAt)],
          ['Subscriptions', `${card.subscriptions.length} events`],
        ]}
      />
      {card.subscriptions.length > 0 && (
        <ul aria-label="Twitch event subscriptions" className="flex flex-wrap gap-1.5">
          {card.subscriptions.map((s) => (
            <li key={s.id}>
              <Badge variant="outline">{s.event}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="outline" onClick={() => setConfirmDisconnect(true)} disabled={disconnect.isPending}>
          Disconnect Twitch
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDisconnect}
        onOpenChange={setConfirmDisconnect}
        title="Disconnect the Twitch channel?"
        description="The tokens are revoked and the event subscriptions deleted. Linked viewers stay linked; connect again at any time."
        confirmLabel="Disconnect"
        onConfirm={() => {
          setConfirmDisconnect(false);
          void runDisconnect();
        }}
      />
    </div>
  );
}

/** The Twitch card on the Stream screen: Connect, the channel and its state, Reconnect after a revocation, Disconnect. */
export function TwitchCard() {
  const query = useStream();
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Twitch channel</h2>
        </CardTitle>
        <CardDescription>Events arrive by EventSub webhook; the bot answers in Twitch chat as the connected broadcaster.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AdminQueryState query={query} label="the stream">
          {(status) => {
            const card = (status as StreamStatusWithPlatforms).platforms?.find((p) => p.platform === 'twitch');
            return card ? <TwitchConnection card={card} /> : null;
          }}
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}
