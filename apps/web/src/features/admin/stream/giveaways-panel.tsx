import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { GiveawayInputSchema, GIVEAWAY_CLAIM_HOURS, type Giveaway, type GiveawayWinner } from '@app/shared/api/giveaways';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { ApiError } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { ConfirmDialog } from '../components/confirm-dialog';
import { textareaClass } from '../components/fields';
import { AdminQueryState } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useAdminGiveaways, useGiveawayAct, type GiveawayAct } from './api/giveaways';
import { fieldErrorsOf } from '@/lib/field-errors';

const selectClass = textareaClass.replace('min-h-16', 'h-9').replace('py-2', 'py-1');

type Errors = Partial<Record<'prize' | 'prizePoints' | 'keyword' | 'durationSeconds' | 'winners', string>>;

/** Why a chat giveaway cannot start while no chat is connected, and the two ways on. */
function NoChatDialog({ open, onOpenChange, reason }: { open: boolean; onOpenChange: (open: boolean) => void; reason: string }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>No chat is connected</DialogTitle>
          <DialogDescription>{reason}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Viewers enter a giveaway by typing its keyword in the stream&apos;s chat, so one needs a connected channel. To try it first, start a test giveaway
          from the Test chat: only test viewers enter it and it is never published.
        </p>
        <DialogFooter className="gap-2">
          <Button variant="outline" asChild>
            <Link to="/admin/stream/connection">Connect a channel</Link>
          </Button>
          <Button asChild>
            <Link to="/admin/stream/test-chat">Open the Test chat</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The start form: prize (points or text), keyword, entry time, winners, who may enter, subscriber luck. */
function StartForm() {
  const act = useGiveawayAct();
  const [prize, setPrize] = useState('');
  const [prizeKind, setPrizeKind] = useState<'points' | 'text'>('points');
  const [points, setPoints] = useState('500');
  const [keyword, setKeyword] = useState('!join');
  const [duration, setDuration] = useState('120');
  const [winners, setWinners] = useState('1');
  const [entryMode, setEntryMode] = useState<'linked' | 'anyone'>('linked');
  const [luck, setLuck] = useState<1 | 2 | 3>(1);
  const [errors, setErrors] = useState<Errors>({});
  const [noChat, setNoChat] = useState<string | null>(null);
  const ids = { kind: useId(), mode: useId(), luck: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = GiveawayInputSchema.safeParse({
      prize: prize || (prizeKind === 'points' && points ? `${points} points` : ''),
      prizePoints: prizeKind === 'points' ? (points === '' ? Number.NaN : Number(points)) : null,
      keyword,
      durationSeconds: duration === '' ? Number.NaN : Number(duration),
      winners: winners === '' ? Number.NaN : Number(winners),
      entryMode,
      subscriberLuck: luck,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const { giveaway } = await act.mutateAsync({ kind: 'start', input: parsed.data });
      toast({ title: `Giveaway #${giveaway.number} started`, description: `Type ${giveaway.keyword} in chat to enter.` });
      setPrize('');
    } catch (e) {
      if (e instanceof ApiError && e.code === 'NO_CHAT_CONNECTED') setNoChat(e.error);
      else toastRequestError(e, 'Could not start the giveaway');
    }
  };

  return (
    <form className="grid gap-3 rounded-md border p-3" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Start a giveaway">
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Prize type" id={ids.kind}>
          <select className={selectClass} value={prizeKind} onChange={(e) => setPrizeKind(e.target.value as 'points' | 'text')}>
            <option value="points">Points (credited automatically)</option>
            <option value="text">Text prize (handed over by hand)</option>
          </select>
        </Field>
        {prizeKind === 'points' && (
          <FormField label="Points per winner" type="number" min={1} error={errors.prizePoints} value={points} onChange={(e) => setPoints(e.target.value)} />
        )}
        <FormField
          label="Prize"
          hint={prizeKind === 'points' ? 'Shown in chat; empty: "<points> points"' : 'e.g. A signed shirt'}
          error={errors.prize}
          value={prize}
          onChange={(e) => setPrize(e.target.value)}
        />
        <FormField
          label="Keyword"
          hint="The first word of a chat message"
          error={errors.keyword}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <FormField
          label="Entry time (seconds)"
          type="number"
          min={30}
          max={3600}
          error={errors.durationSeconds}
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
        />
        <FormField label="Winners" type="number" min={1} max={20} error={errors.winners} value={winners} onChange={(e) => setWinners(e.target.value)} />
        <Field
          label="Who may enter"
          id={ids.mode}
          hint={entryMode === 'anyone' ? `Unlinked winners have ${GIVEAWAY_CLAIM_HOURS} h to link and claim` : undefined}
        >
          <select className={selectClass} value={entryMode} onChange={(e) => setEntryMode(e.target.value as 'linked' | 'anyone')}>
            <option value="linked">Linked viewers only</option>
            <option value="anyone">Anyone in chat (linked viewers claim)</option>
          </select>
        </Field>
        <Field label="Subscriber luck" id={ids.luck} hint={luck > 1 ? `Announced: subscribers' entries count ×${luck}` : 'Every entry counts once'}>
          <select className={selectClass} value={String(luck)} onChange={(e) => setLuck(Number(e.target.value) as 1 | 2 | 3)}>
            <option value="1">None</option>
            <option value="2">×2 for subscribers</option>
            <option value="3">×3 for subscribers</option>
          </select>
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={act.isPending}>
          Start giveaway
        </Button>
      </div>
      <NoChatDialog open={noChat !== null} onOpenChange={(open) => !open && setNoChat(null)} reason={noChat ?? ''} />
    </form>
  );
}

const STATUS_TEXT: Record<GiveawayWinner['status'], string> = {
  credited: 'Credited',
  awaiting_fulfilment: 'To hand over',
  fulfilled: 'Fulfilled',
  unclaimed: 'Not linked yet',
  replaced: 'Replaced',
  held: 'Held until e-mail verified',
};

function GiveawayRow({ giveaway: g, now }: { giveaway: Giveaway; now: number }) {
  const act = useGiveawayAct();
  const [confirm, setConfirm] = useState<GiveawayAct | null>(null);
  const run = async (a: GiveawayAct, done: string) => {
    try {
      await act.mutateAsync(a);
      toast({ title: done });
    } catch (e) {
      toastRequestError(e, 'The giveaway act failed');
    }
  };
  const left = Math.max(0, Math.ceil((Date.parse(g.closesAt) - now) / 1000));
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="font-medium">
            #{g.number} {g.prize}
          </span>
          <span className="text-muted-foreground">
            {g.keyword} · {g.entries} {g.entries === 1 ? 'entry' : 'entries'} · {g.winners} winner{g.winners === 1 ? '' : 's'}
            {g.subscriberLuck > 1 ? ` · subscribers ×${g.subscriberLuck}` : ''} · {g.entryMode === 'linked' ? 'linked only' : 'anyone'}
          </span>
          <span className="font-mono text-xs break-all text-muted-foreground">Seed hash {g.draw.seedHash}</span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={g.status === 'Open' ? 'success' : g.status === 'Closed' ? 'secondary' : 'outline'}>
            {g.status === 'Open' ? `Open · ${left}s left` : g.status}
          </Badge>
          {g.status === 'Open' && (
            <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => setConfirm({ kind: 'close', id: g.id })}>
              Close entries
            </Button>
          )}
          {g.status === 'Closed' && (
            <Button size="sm" disabled={act.isPending} onClick={() => void run({ kind: 'draw', id: g.id }, `Giveaway #${g.number} drawn`)}>
              Draw winners
            </Button>
          )}
        </div>
      </div>
      {g.winnerList.length > 0 && (
        <ol className="grid gap-1" aria-label={`Winners of giveaway #${g.number}`}>
          {[...g.winnerList]
            .sort((a, b) => a.round - b.round || a.position - b.position)
            .map((w) => {
              const canRedraw = w.status === 'unclaimed' && w.claimBy !== null && Date.parse(w.claimBy) <= now;
              return (
                <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 rounded border px-2 py-1">
                  <span>
                    #{w.position} {w.username} <span className="font-mono text-xs text-muted-foreground">{w.entrantId}</span>
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-muted-foreground">
                      {STATUS_TEXT[w.status]}
                      {w.status === 'unclaimed' && w.claimBy ? ` (until ${new Date(w.claimBy).toLocaleString('en-US')})` : ''}
                    </span>
                    {w.status === 'unclaimed' && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!canRedraw || act.isPending}
                        onClick={() => setConfirm({ kind: 'redraw', id: g.id, winnerId: w.id })}
                      >
                        Redraw
                      </Button>
                    )}
                    {w.status === 'awaiting_fulfilment' && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={act.isPending}
                        onClick={() => void run({ kind: 'fulfil', id: g.id, winnerId: w.id }, 'Marked fulfilled')}
                      >
                        Mark fulfilled
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
        </ol>
      )}
      <ConfirmDialog
        open={confirm !== null}
        tone="default"
        title={confirm?.kind === 'redraw' ? 'Redraw this winner?' : 'Close entries now?'}
        description={
          confirm?.kind === 'redraw'
            ? 'A new verifiable draw over every entrant who has not won yet picks the replacement; the bot announces it.'
            : 'The entrant list is fixed now and the draw follows.'
        }
        confirmLabel={confirm?.kind === 'redraw' ? 'Redraw' : 'Close entries'}
        onConfirm={() => {
          if (confirm) void run(confirm, confirm.kind === 'redraw' ? 'Winner redrawn' : `Giveaway #${g.number} closed`);
          setConfirm(null);
        }}
        onOpenChange={(open) => !open && setConfirm(null)}
      />
    </li>
  );
}

/** The Stream screen's Chat giveaways card: start one, follow it, close, draw, redraw, fulfil. */
export function GiveawaysPanel() {
  const query = useAdminGiveaways();
  const now = useNow();
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle asChild>
          <h2>Chat giveaways</h2>
        </CardTitle>
        <CardDescription>
          Viewers enter by typing the keyword in chat (needs the Giveaways switch). Starting publishes the seed's hash; closing fixes the entrants; the draw is
          the raffle draw, verifiable on the Raffles page.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <StartForm />
        <AdminQueryState query={query} label="the giveaways">
          {(giveaways) =>
            giveaways.length === 0 ? (
              <p className="text-sm text-muted-foreground">No giveaways yet.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Giveaways">
                {giveaways.slice(0, 10).map((g) => (
                  <GiveawayRow key={g.id} giveaway={g} now={now} />
                ))}
              </ul>
            )
          }
        </AdminQueryState>
      </CardContent>
    </Card>
  );
}
