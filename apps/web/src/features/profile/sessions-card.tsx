import { Monitor } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useEndOtherSessions } from './api/end-other-sessions';
import { useEndSession } from './api/end-session';
import { useSessions } from './api/get-sessions';
import { cardLoadFailed } from './card-load-failed';

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Settings: the signed-in sessions, this one marked; end one or all others. */
export function SessionsCard() {
  const query = useSessions();
  const endOne = useEndSession({
    onSuccess: () => toast({ title: 'Session ended' }),
    onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
  });
  const endOthers = useEndOtherSessions({
    onSuccess: (result) =>
      toast({
        title: result.ended === 1 ? '1 other session ended' : `${result.ended} other sessions ended`,
      }),
    onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
  });
  const others = query.data?.filter((s) => !s.current) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Sessions</h2>
        </CardTitle>
        <CardDescription>Where your account is signed in. End a session you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <QueryState query={query} layout="card" loading="Loading sessions…" failure={(e) => cardLoadFailed('The sessions', e)} showsRetrying>
          {(sessions) =>
            sessions.length === 0 ? (
              <p className="text-sm text-muted-foreground">No signed-in sessions.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Signed-in sessions">
                {sessions.map((session) => (
                  <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
                    <div className="flex min-w-0 items-start gap-3">
                      <Monitor className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-medium">
                          <span className="break-all">{session.device}</span>
                          {session.current && <Badge variant="success">This device</Badge>}
                        </p>
                        <p className="text-xs break-all text-muted-foreground">IP {session.ip}</p>
                        <p className="text-xs text-muted-foreground">
                          Started {when.format(new Date(session.createdAt))} · Last used {when.format(new Date(session.lastUsedAt))}
                        </p>
                      </div>
                    </div>
                    {!session.current && (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`End session: ${session.device}, IP ${session.ip}`}
                        disabled={endOne.isPending && endOne.variables === session.id}
                        onClick={() => endOne.mutate(session.id)}
                      >
                        {endOne.isPending && endOne.variables === session.id ? 'Ending…' : 'End session'}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {others.length > 0 && (
          <Button variant="outline" className="w-fit" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
            {endOthers.isPending ? 'Ending…' : 'End all other sessions'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
