import { useId, useState } from 'react';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import {
  DEAL_OR_NO_DEAL_MAX_CASE_VALUE,
  DEAL_OR_NO_DEAL_PRESETS,
  isDealOrNoDealBoardSize,
  type DealOrNoDealBoardSize,
} from '@app/shared/games/deal-or-no-deal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { textareaClass } from '../components/fields';
import { AdminQueryState } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { createDealOrNoDealRound, dealOrNoDealRoundAction, useDealOrNoDealAdminMutation, useDealOrNoDealRounds } from './api/deal-or-no-deal';

const pts = (n: number) => n.toLocaleString('en-US');

const STATUS_LABELS: Record<DealOrNoDealRound['status'], string> = {
  draft: 'Draft',
  open: 'Entries open',
  playing: 'In play',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

/** The values typed in the box: whole points, 16 or 26 of them; else why not. */
function parseValues(text: string): { values: number[] } | { error: string } {
  const values = text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);
  if (values.some((v) => !Number.isInteger(v) || v < 1 || v > DEAL_OR_NO_DEAL_MAX_CASE_VALUE))
    return { error: 'Each value is a whole number of points from 1 to 10,000,000.' };
  if (!isDealOrNoDealBoardSize(values.length)) return { error: `A board has 16 or 26 cases (${values.length} now).` };
  return { values };
}

/** Deal or No Deal on the Stream screen: create a round (preset or edited values), open entries, close them, cancel. */
export function DealOrNoDealPanel() {
  const query = useDealOrNoDealRounds();
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Deal or No Deal</h2>
        </CardTitle>
        <CardDescription>
          Viewers join with !dond in chat or on /games/dealornodeal; closing entries draws one contestant, who plays on the site. The overlay for broadcast
          software is /overlay/dealornodeal.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AdminQueryState query={query} label="the rounds">
          {({ rounds }) => {
            const live = rounds.find((r) => r.status === 'draft' || r.status === 'open' || r.status === 'playing');
            return (
              <>
                {live ? <LiveRound round={live} /> : <NewRound />}
                <RecentRounds rounds={rounds.filter((r) => r !== live).slice(0, 5)} />
              </>
            );
          }}
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}

function NewRound() {
  const id = useId();
  const [size, setSize] = useState<DealOrNoDealBoardSize>(16);
  const [text, setText] = useState(DEAL_OR_NO_DEAL_PRESETS[16].join(', '));
  const create = useDealOrNoDealAdminMutation(createDealOrNoDealRound);
  const parsed = parseValues(text);
  const total = 'values' in parsed ? parsed.values.reduce((a, b) => a + b, 0) : null;
  return (
    <form
      className="grid gap-3"
      aria-label="New Deal or No Deal round"
      onSubmit={(e) => {
        e.preventDefault();
        if ('values' in parsed)
          create.mutate(parsed.values, {
            onSuccess: () => toast({ title: 'Round created' }),
            onError: (err) => toastRequestError(err, 'Could not create the round'),
          });
      }}
    >
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Preset">
        <span className="text-sm font-medium">Preset:</span>
        {([16, 26] as const).map((n) => (
          <Button
            key={n}
            type="button"
            size="sm"
            variant={size === n ? 'default' : 'outline'}
            aria-pressed={size === n}
            onClick={() => {
              setSize(n);
              setText(DEAL_OR_NO_DEAL_PRESETS[n].join(', '));
            }}
          >
            {n} cases
          </Button>
        ))}
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-values`}>Case values (points)</Label>
        <textarea
          id={`${id}-values`}
          className={textareaClass}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-total`}
          aria-invalid={'error' in parsed}
        />
        <p id={`${id}-total`} className="text-sm" role={'error' in parsed ? 'alert' : undefined}>
          {'error' in parsed ? parsed.error : `Total on the board: ${pts(total!)} points in ${'values' in parsed ? parsed.values.length : 0} cases.`}
        </p>
      </div>
      <div>
        <Button type="submit" disabled={'error' in parsed || create.isPending}>
          Create round
        </Button>
      </div>
    </form>
  );
}

function LiveRound({ round }: { round: DealOrNoDealRound }) {
  const act = useDealOrNoDealAdminMutation(({ action }: { action: 'open' | 'close' | 'cancel' }) => dealOrNoDealRoundAction(round.id, action));
  const run = (action: 'open' | 'close' | 'cancel', done: string) =>
    act.mutate({ action }, { onSuccess: () => toast({ title: done }), onError: (err) => toastRequestError(err, 'The round did not change') });
  return (
    <section className="grid gap-3" aria-label={`Round #${round.roundNumber}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">Round #{round.roundNumber}</h3>
        <Badge variant="secondary">{STATUS_LABELS[round.status]}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Board</dt>
        <dd>
          {round.values.length} cases, {pts(round.total)} points in total
        </dd>
        <dt className="text-muted-foreground">Entries</dt>
        <dd>{round.entries}</dd>
        {round.contestant && (
          <>
            <dt className="text-muted-foreground">Contestant</dt>
            <dd>
              {round.contestant.username} ({round.contestant.uid})
            </dd>
          </>
        )}
        {round.status === 'playing' && (
          <>
            <dt className="text-muted-foreground">Play</dt>
            <dd>
              {round.stage === 'offer' ? `Offer of ${pts(round.offers.at(-1)!.amount)} points waiting` : `Stage: ${round.stage}`},{' '}
              {round.cases.filter((c) => c.opened).length} cases opened
            </dd>
          </>
        )}
        {round.fairness.serverSeedHash && (
          <>
            <dt className="text-muted-foreground">Seed hash</dt>
            <dd className="font-mono text-xs break-all">{round.fairness.serverSeedHash}</dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        {round.status === 'draft' && (
          <Button disabled={act.isPending} onClick={() => run('open', 'Entries are open')}>
            Open entries
          </Button>
        )}
        {round.status === 'open' && (
          <Button disabled={act.isPending} onClick={() => run('close', 'Entries closed')}>
            Close entries and draw
          </Button>
        )}
        <Button variant="outline" disabled={act.isPending} onClick={() => run('cancel', 'Round cancelled')}>
          Cancel round
        </Button>
      </div>
    </section>
  );
}

function RecentRounds({ rounds }: { rounds: DealOrNoDealRound[] }) {
  if (rounds.length === 0) return null;
  return (
    <section className="grid gap-2" aria-label="Recent rounds">
      <h3 className="text-sm font-semibold">Recent rounds</h3>
      <ul className="grid gap-1 text-sm">
        {rounds.map((r) => (
          <li key={r.id} className="flex flex-wrap justify-between gap-2 rounded bg-muted px-2 py-1">
            <span>
              #{r.roundNumber} · {STATUS_LABELS[r.status]}
            </span>
            <span>
              {r.result
                ? `${r.contestant?.username ?? ''}: ${pts(r.result.prize)} pts (${r.result.reason === 'restricted' ? 'ended: contestant restricted' : `${r.result.outcome}${r.result.auto ? ', auto' : ''}`})`
                : `${r.entries} entries`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
