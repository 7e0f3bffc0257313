import { Gift, MessageSquare, Trophy } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { Giveaway, GiveawayWinner } from '@app/shared/api/giveaways';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useGiveaways } from './api/get-giveaways';
import { DrawVerifySection } from './draw-verify-section';
import { verifyGiveawayDraw } from './giveaway-verify';
import { formatTimeLeft } from './raffle-math';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const WINNER_STATUS: Record<GiveawayWinner['status'], string> = {
  credited: 'Prize credited',
  awaiting_fulfilment: 'Prize on its way',
  fulfilled: 'Prize handed over',
  unclaimed: 'Not linked yet',
  replaced: 'Redrawn (did not claim)',
  held: 'Prize waiting for e-mail verification',
};

/** The Giveaways tab of /raffles: the stream's chat giveaways, live and past, each with its verifiable draw. */
export function GiveawaysTab({ now }: { now: number }) {
  const query = useGiveaways();
  const [openId, setOpenId] = useState<string | null>(null);
  if (!query.isSuccess) return <QueryState query={query} loading="Loading giveaways…" failure="The giveaways" />;
  const giveaways = query.data;
  const opened = openId ? giveaways.find((g) => g.id === openId) : undefined;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Giveaways run live in the stream's Kick chat: type the keyword while one is open. Link your Kick account on your profile to receive a prize. Every draw
        can be checked here.
      </p>
      {giveaways.length === 0 ? (
        <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">No chat giveaways yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {giveaways.map((g) => (
            <li key={g.id}>
              <GiveawayCard giveaway={g} now={now} onOpen={() => setOpenId(g.id)} />
            </li>
          ))}
        </ul>
      )}
      {opened && <GiveawayDialog giveaway={opened} onOpenChange={(open) => !open && setOpenId(null)} />}
    </div>
  );
}

function statusBadge(g: Giveaway) {
  if (g.status === 'Open') return <Badge variant="success">Live now</Badge>;
  if (g.status === 'Closed') return <Badge variant="secondary">Drawing</Badge>;
  return <Badge variant="outline">Completed</Badge>;
}

function currentWinners(g: Giveaway): GiveawayWinner[] {
  return g.winnerList.filter((w) => w.status !== 'replaced').sort((a, b) => a.position - b.position);
}

function GiveawayCard({ giveaway: g, now, onOpen }: { giveaway: Giveaway; now: number; onOpen: () => void }) {
  const titleId = useId();
  const winners = currentWinners(g);
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-medium text-muted-foreground">Giveaway #{g.number}</span>
        {statusBadge(g)}
      </div>
      <h3 id={titleId} className="flex items-center gap-2 text-lg font-semibold break-words">
        <Gift className="size-5 shrink-0 text-primary" aria-hidden="true" />
        {g.prize}
      </h3>
      <p className="flex items-center gap-2 text-sm">
        <MessageSquare className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Keyword <code className="rounded bg-muted px-1 font-mono">{g.keyword}</code> · {g.winners} winner{g.winners === 1 ? '' : 's'} · {g.entries}{' '}
          {g.entries === 1 ? 'entry' : 'entries'}
        </span>
      </p>
      <p className="text-sm text-muted-foreground">
        {g.entryMode === 'linked' ? 'Linked Kick accounts only' : 'Anyone in chat (link to claim)'}
        {g.subscriberLuck > 1 ? ` · Subscribers' entries count ×${g.subscriberLuck}` : ''}
      </p>
      {g.status === 'Open' && (
        <p className="text-sm">
          Closes in{' '}
          <span role="timer" className="font-semibold tabular-nums">
            {formatTimeLeft(Date.parse(g.closesAt) - now)}
          </span>
        </p>
      )}
      {winners.length > 0 && (
        <div className="text-sm">
          <p className="flex items-center gap-1.5 font-medium">
            <Trophy className="size-4 text-primary" aria-hidden="true" />
            Winners
          </p>
          <ol className="mt-1 list-decimal pl-5" aria-label={`Winners of giveaway #${g.number}`}>
            {winners.map((w) => (
              <li key={w.id}>{w.username}</li>
            ))}
          </ol>
        </div>
      )}
      <Button className="mt-auto" variant="outline" onClick={onOpen} aria-label={`View draw: giveaway #${g.number}`}>
        View draw
      </Button>
    </article>
  );
}

function GiveawayDialog({ giveaway: g, onOpenChange }: { giveaway: Giveaway; onOpenChange: (open: boolean) => void }) {
  const result = useMemo(() => verifyGiveawayDraw(g), [g]);
  const entrants = g.draw.entrants?.length ?? 0;
  const tickets = (g.draw.entrants ?? []).reduce((sum, e) => sum + e.weight, 0);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            Giveaway #{g.number}: {g.prize}
          </DialogTitle>
          <DialogDescription>
            Opened {dateFormat.format(new Date(g.opensAt))}
            {g.closedAt ? `, closed ${dateFormat.format(new Date(g.closedAt))}` : `, closes ${dateFormat.format(new Date(g.closesAt))}`}.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Seed commitment</dt>
          <dd className="font-mono break-all">{g.draw.seedHash}</dd>
          <dt className="text-muted-foreground">Entrants</dt>
          <dd>
            {g.draw.entrants === null ? `${g.entries} so far` : `${entrants} (${tickets} tickets)`}
            {g.draw.bannedExcluded ? `; ${g.draw.bannedExcluded} left out for a site ban` : ''}
          </dd>
        </dl>
        {g.winnerList.length > 0 && (
          <section className="text-sm" aria-label="Winners">
            <h3 className="font-semibold">Winners</h3>
            <ol className="mt-1 flex flex-col gap-1">
              {[...g.winnerList]
                .sort((a, b) => a.round - b.round || a.position - b.position)
                .map((w) => (
                  <li key={w.id} className="flex flex-wrap justify-between gap-2 rounded-md border px-2 py-1">
                    <span>
                      #{w.position} {w.username}
                      {w.round > 0 ? ` (redraw ${w.round})` : ''}
                    </span>
                    <span className="text-muted-foreground">{WINNER_STATUS[w.status]}</span>
                  </li>
                ))}
            </ol>
          </section>
        )}
        <DrawVerifySection
          result={result}
          summary={`Recomputed in your browser from the published seed and the ${entrants} entrants in entry order (a subscriber's entry is written as many times as their luck), with the raffle draw, round by round (${g.draw.rounds.length} round${g.draw.rounds.length === 1 ? '' : 's'}).`}
          data={[
            { label: 'Seed', value: g.draw.seed ?? '' },
            { label: 'Entries digest', value: g.draw.entriesDigest ?? '' },
            { label: 'Entrants (id × weight)', value: (g.draw.entrants ?? []).map((e) => `${e.id}×${e.weight}`).join(', ') || '—' },
          ]}
        />
      </DialogContent>
    </Dialog>
  );
}
