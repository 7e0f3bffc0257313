import { CheckCircle2, Loader2, ShieldCheck, Star, Ticket, Trophy } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { Raffle } from '@app/shared/api/raffles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { newIdempotencyKey } from '@/lib/economy/spend';
import { useSession } from '@/lib/session';
import { useOpenAuth } from '@/lib/use-open-auth';
import { useEnterRaffle } from './api/enter-raffle';
import { useRaffle } from './api/get-raffle';
import { entryCostLabel, entryCostOf, entryProgress, formatTimeLeft } from './raffle-math';
import { DrawVerifySection } from './draw-verify-section';
import { verifyDraw } from './raffle-verify';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

type RaffleDetailDialogProps = {
  raffle: Raffle;
  now: number;
  onOpenChange: (open: boolean) => void;
};

/** spec 2 §2 Raffle detail dialog, opened from a card; the raffle is fetched fresh while it is open. */
export function RaffleDetailDialog({ raffle: fromList, now, onOpenChange }: RaffleDetailDialogProps) {
  const { data } = useRaffle(fromList.id, fromList);
  const raffle = data ?? fromList;
  const isOpenForEntry = raffle.status === 'Active' || raffle.status === 'Upcoming';
  const enter = useEnterRaffle();
  const isEntering = enter.isPending && enter.variables?.raffle.id === raffle.id;

  return (
    <Dialog open onOpenChange={(open) => !isEntering && onOpenChange(open)}>
      <DialogContent
        className="max-w-xl"
        aria-busy={isEntering}
        // The Completed dialog has its own Close button (spec 2 §2); one is enough.
        hideClose={isEntering || raffle.status === 'Completed'}
      >
        <RaffleArt raffle={raffle} />
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs font-medium text-muted-foreground">Raffle #{raffle.raffleNumber}</span>
            {raffle.featured && (
              <Badge>
                <Star aria-hidden="true" />
                Featured
              </Badge>
            )}
            {raffle.restricted && <Badge variant="destructive">Restricted</Badge>}
          </div>
          <DialogTitle className="text-xl">{raffle.title}</DialogTitle>
          <DialogDescription>{raffle.description}</DialogDescription>
        </DialogHeader>

        <dl className="grid grid-cols-2 gap-3 text-sm">
          <Fact label="Prize" value={raffle.prize} wide />
          {isOpenForEntry && (
            <>
              <Fact label="Entry Cost" value={entryCostLabel(raffle)} />
              <Fact label="Entered" value={raffle.entries.toLocaleString('en-US')} />
            </>
          )}
          {raffle.requirements && <Fact label="Requirements" value={raffle.requirements} wide />}
        </dl>
        {isOpenForEntry && <p className="text-sm">Drawing on {dateFormat.format(new Date(raffle.endDate))}</p>}

        {raffle.status === 'Active' && <EntriesClose raffle={raffle} now={now} />}
        {raffle.status === 'Upcoming' && (
          <p className="text-sm">
            Starts in{' '}
            <span role="timer" className="font-semibold tabular-nums">
              {formatTimeLeft(Date.parse(raffle.startDate) - now)}
            </span>
          </p>
        )}

        <SeedCommitment raffle={raffle} />

        {raffle.status === 'Completed' && <Winners raffle={raffle} />}
        {raffle.status === 'Pending' && <p className="font-medium">Waiting for winners to be drawn</p>}

        <DialogFooter>
          {raffle.status === 'Active' && <EntryButton raffle={raffle} enter={enter} isEntering={isEntering} onLeave={() => onOpenChange(false)} />}
          {raffle.status === 'Upcoming' && <Button disabled>Not Open Yet</Button>}
          {raffle.status === 'Pending' && <Button disabled>{raffle.entered ? 'Entered' : 'Not Entered'}</Button>}
          {raffle.status === 'Completed' && (
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Fact({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 rounded-lg border bg-card p-3' : 'rounded-lg border bg-card p-3'}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words">{value}</dd>
    </div>
  );
}

function RaffleArt({ raffle }: { raffle: Raffle }) {
  const [isBroken, setIsBroken] = useState(false);
  if (raffle.image && !isBroken) {
    return <img src={raffle.image} alt="" className="h-40 w-full rounded-lg object-cover" onError={() => setIsBroken(true)} />;
  }
  return (
    <div aria-hidden="true" className="flex h-28 items-center justify-center rounded-lg bg-gradient-to-br from-primary/30 to-primary/5 text-primary">
      <Ticket className="size-10" />
    </div>
  );
}

function EntriesClose({ raffle, now }: { raffle: Raffle; now: number }) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="text-sm">
        Entries close in{' '}
        <span role="timer" className="font-semibold tabular-nums">
          {formatTimeLeft(Date.parse(raffle.endDate) - now)}
        </span>
      </p>
      <Progress value={Math.round(entryProgress(raffle.endDate, now))} aria-labelledby={labelId} />
    </div>
  );
}

type EntryButtonProps = {
  raffle: Raffle;
  enter: ReturnType<typeof useEnterRaffle>;
  isEntering: boolean;
  onLeave: () => void;
};

/** spec 2 §4: disabled when entered, when the points fall short, and while entering. Visitors sign in first. */
function EntryButton({ raffle, enter, isEntering, onLeave }: EntryButtonProps) {
  const { user, pendingVerification } = useSession();
  const openAuth = useOpenAuth();
  if (!user || pendingVerification) {
    return (
      <Button
        onClick={() => {
          onLeave();
          openAuth();
        }}
      >
        Sign in to Enter
      </Button>
    );
  }
  if (isEntering) {
    return (
      <Button disabled aria-live="polite">
        <Loader2 className="animate-spin" aria-hidden="true" />
        Entering…
      </Button>
    );
  }
  if (raffle.entered) {
    return (
      <Button disabled>
        <CheckCircle2 aria-hidden="true" />
        Entered
      </Button>
    );
  }
  const cost = entryCostOf(raffle);
  if (cost > 0 && user.points < cost) return <Button disabled>Insufficient Points</Button>;
  return (
    <Button onClick={() => enter.mutate({ raffle, idempotencyKey: newIdempotencyKey() })}>
      <Ticket aria-hidden="true" />
      Enter Raffle
    </Button>
  );
}

function SeedCommitment({ raffle }: { raffle: Raffle }) {
  return (
    <div className="rounded-lg border bg-muted/40 p-3 text-sm">
      <p className="flex items-center gap-1.5 font-medium">
        <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
        Seed commitment (SHA-256)
      </p>
      <p className="mt-1 font-mono text-xs break-all">{raffle.draw.seedHash}</p>
      {raffle.status !== 'Completed' && (
        <p className="mt-1 text-xs text-muted-foreground">The winners will be drawn from this seed, published after the draw so anyone can check them.</p>
      )}
    </div>
  );
}

function Winners({ raffle }: { raffle: Raffle }) {
  const titleId = useId();
  const winners = [...raffle.winnerList].sort((a, b) => a.position - b.position);
  return (
    <>
      <section aria-labelledby={titleId} className="flex flex-col gap-2">
        <h3 id={titleId} className="flex items-center gap-1.5 font-semibold">
          <Trophy className="size-4 text-warning" aria-hidden="true" />
          Winners
        </h3>
        <p className="text-sm">Winners have been announced</p>
        {winners.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody entered this raffle, so there are no winners.</p>
        ) : (
          <ol className="flex flex-col gap-1 text-sm">
            {winners.map((winner) => (
              <li key={winner.uid} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
                <span>
                  <span className="mr-2 text-muted-foreground">#{winner.position}</span>
                  <span className="font-medium">{winner.username}</span>
                </span>
                <span className="font-mono text-xs text-muted-foreground">{winner.uid}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <VerifySection raffle={raffle} />
    </>
  );
}

/** The draw recomputed in the browser from the published seed, entrants and digest, so a member need not trust the server. */
function VerifySection({ raffle }: { raffle: Raffle }) {
  const result = useMemo(() => verifyDraw(raffle), [raffle]);
  return (
    <DrawVerifySection
      result={result}
      summary={`Recomputed in your browser from the published seed, the ${raffle.draw.entrantUids?.length ?? 0} entrants' UIDs in entry order and their digest.`}
      data={[
        { label: 'Seed', value: raffle.draw.seed ?? '' },
        { label: 'Entries digest', value: raffle.draw.entriesDigest ?? '' },
      ]}
    />
  );
}
