import { Link2 } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { useAnswerChatLink, useChatLinks, type ChatLinkAction, type LinkPlatform } from './api/chat-links';
import { cardLoadFailed } from './card-load-failed';

const NAMES: Record<LinkPlatform, string> = { kick: 'Kick', twitch: 'Twitch' };

function done({ platform, action }: ChatLinkAction): string {
  if (action === 'confirm') return `${NAMES[platform]} account linked`;
  if (action === 'decline') return 'Link request declined';
  return `${NAMES[platform]} account unlinked`;
}

function minutesLeft(expiresAt: string, now: number): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Every chat account linked to this profile (Kick, Twitch), each with Unlink, and a Twitch account's
 * request to link (a UID pasted in Twitch chat only asks; the owner confirms here). Kick's request is
 * answered on the Kick card above it.
 */
export function ChatLinksCard({ uid }: { uid: string }) {
  const query = useChatLinks();
  const now = useNow({ intervalMs: 30_000 });
  const answer = useAnswerChatLink({
    onSuccess: (_data, variables) => toast({ title: done(variables) }),
    onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
  });
  const busy = answer.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Chat accounts</h2>
        </CardTitle>
        <CardDescription>One balance for every platform: what you do in the Kick or Twitch chat lands here.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <QueryState query={query} layout="card" loading="Loading…" failure={(e) => cardLoadFailed('The chat accounts', e)} showsRetrying>
          {(data) => {
            const requests = data.requests.filter((r) => r.platform !== 'kick');
            const twitchLinked = data.linked.some((l) => l.platform === 'twitch');
            return (
              <>
                {requests.map((request) => (
                  <div key={request.platform} role="alert" className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3">
                    <p className="font-medium">
                      Link {NAMES[request.platform]} account @{request.username}?
                    </p>
                    <p className="text-muted-foreground">
                      Someone pasted your UID in {NAMES[request.platform]} chat as @{request.username}. Confirm only if that was you. This request expires in{' '}
                      {minutesLeft(request.expiresAt, now)}.
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" disabled={busy} onClick={() => answer.mutate({ platform: request.platform, action: 'confirm' })}>
                        Confirm
                      </Button>
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => answer.mutate({ platform: request.platform, action: 'decline' })}>
                        Decline
                      </Button>
                    </div>
                  </div>
                ))}
                {data.linked.length > 0 && (
                  <ul className="grid gap-2" aria-label="Linked chat accounts">
                    {data.linked.map((account) => (
                      <li key={account.platform} className="flex flex-wrap items-center justify-between gap-3">
                        <p className="flex items-center gap-2">
                          <Link2 className="size-4 text-primary" aria-hidden="true" />
                          {NAMES[account.platform]}: @{account.username}
                        </p>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          aria-label={`Unlink ${NAMES[account.platform]} account`}
                          onClick={() => answer.mutate({ platform: account.platform, action: 'unlink' })}
                        >
                          Unlink
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
                {!twitchLinked && requests.length === 0 && (
                  <p className="text-muted-foreground">
                    Watching on Twitch? Paste your UID <span className="font-mono text-foreground">{uid}</span> in the stream's Twitch chat, then confirm the
                    request here.
                  </p>
                )}
              </>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}
