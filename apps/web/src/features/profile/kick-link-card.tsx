import { Link2 } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { useAnswerKickLink, type KickLinkAction } from './api/kick-link';
import { useKickLink } from './api/kick-link';
import { cardLoadFailed } from './card-load-failed';

const DONE: Record<KickLinkAction, string> = {
  confirm: 'Kick account linked',
  decline: 'Link request declined',
  unlink: 'Kick account unlinked',
};

function minutesLeft(expiresAt: string, now: number): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The Kick link: a UID pasted in Kick chat only asks, and the owner confirms here ("Link Kick
 * account @name?"), so someone who knows a UID gains nothing. The request names the Kick account by
 * its username and user ID (a look-alike name has another ID); one request at a time, so the account
 * shown is the one that asked. Also shows the linked account and unlinks it.
 */
export function KickLinkCard({ uid }: { uid: string }) {
  const query = useKickLink();
  const now = useNow({ intervalMs: 30_000 });
  const answer = useAnswerKickLink({
    onSuccess: (_data, action) => toast({ title: DONE[action] }),
    onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
  });
  const busy = answer.isPending;
  const request = query.data?.request ?? null;
  const linked = query.data?.linked ?? null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Kick account</h2>
        </CardTitle>
        <CardDescription>Stream points and chat commands follow the Kick account you link.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <QueryState query={query} layout="card" loading="Loading…" failure={(e) => cardLoadFailed('The Kick link', e)} showsRetrying>
          {() => (
            <>
              {request && (
                <div role="alert" className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3">
                  <p className="font-medium">Link Kick account @{request.kickUsername}?</p>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                    <dt className="text-muted-foreground">Kick username</dt>
                    <dd className="font-medium break-all">{request.kickUsername}</dd>
                    <dt className="text-muted-foreground">Kick user ID</dt>
                    <dd className="font-mono">{request.kickUserId}</dd>
                  </dl>
                  <p className="text-muted-foreground">
                    Someone pasted your UID in Kick chat as @{request.kickUsername}. Confirm only if that was you. Until you answer, no other Kick account can
                    ask to link this profile: decline if it was not you. This request expires in {minutesLeft(request.expiresAt, now)}.
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" disabled={busy} onClick={() => answer.mutate('confirm')}>
                      Confirm
                    </Button>
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => answer.mutate('decline')}>
                      Decline
                    </Button>
                  </div>
                </div>
              )}
              {linked ? (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="flex items-center gap-2">
                    <Link2 className="size-4 text-primary" aria-hidden="true" />
                    Linked to @{linked.kickUsername}
                  </p>
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => answer.mutate('unlink')}>
                    Unlink
                  </Button>
                </div>
              ) : (
                !request && (
                  <p className="text-muted-foreground">
                    Not linked. Paste your UID <span className="font-mono text-foreground">{uid}</span> in the stream's Kick chat, then confirm the request
                    here.
                  </p>
                )
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
