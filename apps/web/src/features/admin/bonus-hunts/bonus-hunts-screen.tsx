import { ArrowDown, ArrowUp, ExternalLink, Plus, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HUNT_CURRENCIES, HuntInputSchema, type Bonus, type HuntDetail } from '@app/shared/api/bonus-hunts';
import { formatCents, formatX, parseCents } from '@app/shared/domain/money-cents';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ConfirmDialog } from '../components/confirm-dialog';
import { OverlayLink } from '../components/overlay-link';
import { EnumSelect } from '../components/fields';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useAdminHunt, useHuntAct, useSlotSearch } from './api/admin-hunts';
import { HuntPredictionButton } from './hunt-prediction-button';
import { useBonusHunts } from '@/lib/api/get-bonus-hunts';
import { fieldErrorsOf } from '@/lib/field-errors';

/** Bonus hunts: start a hunt, collect bonuses, open them, finish (Guess the Balance winners credited). */
export function BonusHuntsScreen() {
  const hunts = useBonusHunts();
  const [params, setParams] = useSearchParams();
  const selected = params.get('hunt');
  const [creating, setCreating] = useState(false);
  const select = (id: string) => setParams({ hunt: id });

  return (
    <div className="grid gap-4">
      <ScreenHeader title="Bonus Hunts" description="Collect bonuses, open them live, finish to pay Guess the Balance.">
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" /> New hunt
        </Button>
      </ScreenHeader>
      <AdminQueryState query={hunts} label="bonus hunts">
        {(data) =>
          data.hunts.length === 0 ? (
            <p className="text-sm text-muted-foreground">No hunts yet.</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Hunts">
              {data.hunts.map((h) => (
                <li key={h.id}>
                  <Button size="sm" variant={h.id === selected ? 'default' : 'outline'} aria-pressed={h.id === selected} onClick={() => select(h.id)}>
                    {h.title} · {h.status}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </AdminQueryState>
      {selected && <HuntManager huntId={selected} />}
      <NewHuntDialog open={creating} onOpenChange={setCreating} onCreated={select} />
    </div>
  );
}

function NewHuntDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (id: string) => void }) {
  const act = useHuntAct();
  const [text, setText] = useState({ title: '', casino: '', currency: 'USD' as (typeof HUNT_CURRENCIES)[number], start: '', entryCost: '0', prizes: '1000' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const set = (field: keyof typeof text) => (e: { target: { value: string } }) => setText((t) => ({ ...t, [field]: e.target.value }));
  const submit = async () => {
    const parsed = HuntInputSchema.safeParse({
      title: text.title,
      casino: text.casino,
      currency: text.currency,
      startBalance: parseCents(text.start) ?? Number.NaN,
      entryCost: Number(text.entryCost || 0),
      prizes: text.prizes
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const detail = await act.mutateAsync({ kind: 'create', input: parsed.data });
      toast({ title: `Started ${detail.hunt.title}` });
      onOpenChange(false);
      onCreated(detail.hunt.id);
    } catch (e) {
      toastRequestError(e, 'Could not start the hunt');
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>New bonus hunt</DialogTitle>
          <DialogDescription>Members guess the final balance while you collect bonuses.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormField label="Title" value={text.title} onChange={set('title')} error={errors.title} />
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Casino" value={text.casino} onChange={set('casino')} error={errors.casino} />
            <Field label="Currency">
              {(control) => (
                <EnumSelect value={text.currency} options={HUNT_CURRENCIES} onChange={(v) => setText((t) => ({ ...t, currency: v }))} control={control} />
              )}
            </Field>
            <FormField label="Start balance" inputMode="decimal" placeholder="1000.00" value={text.start} onChange={set('start')} error={errors.startBalance} />
            <FormField label="Guess entry cost (points)" inputMode="numeric" value={text.entryCost} onChange={set('entryCost')} error={errors.entryCost} />
          </div>
          <FormField
            label="Prizes in points, first place first"
            hint="1 to 10 numbers separated by commas, e.g. 1000, 500, 250"
            value={text.prizes}
            onChange={set('prizes')}
            error={errors.prizes}
          />
          <DialogFooter>
            <Button type="submit" disabled={act.isPending}>
              Start hunt
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function HuntManager({ huntId }: { huntId: string }) {
  const query = useAdminHunt(huntId);
  return (
    <AdminQueryState query={query} label="the hunt">
      {(detail) => <HuntPanel detail={detail} />}
    </AdminQueryState>
  );
}

function HuntPanel({ detail }: { detail: HuntDetail }) {
  const { hunt, bonuses } = detail;
  const act = useHuntAct();
  const [confirm, setConfirm] = useState<'opening' | 'finished' | null>(null);
  const money = (c: number) => formatCents(c, hunt.currency);
  const run = (a: Parameters<typeof act.mutate>[0], done?: string) =>
    act.mutate(a, { onSuccess: () => done && toast({ title: done }), onError: (e) => toastRequestError(e) });
  const move = (i: number, by: -1 | 1) => {
    const ids = bonuses.map((b) => b.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    run({ kind: 'order', huntId: hunt.id, ids });
  };
  const f = hunt.figures;
  const unopened = bonuses.filter((b) => b.win === null).length;
  return (
    <section aria-labelledby="hunt-panel-title" className="grid gap-4 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="hunt-panel-title" className="flex items-center gap-2 text-xl font-semibold">
          {hunt.title} <Badge variant="outline">{hunt.status}</Badge>
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <Link to={`/bonus-hunts/${hunt.id}`}>
              Public page <ExternalLink aria-hidden="true" />
            </Link>
          </Button>
          {hunt.status === 'collecting' && <HuntPredictionButton huntId={hunt.id} />}
          {hunt.status === 'collecting' && (
            <Button size="sm" onClick={() => setConfirm('opening')}>
              Start opening
            </Button>
          )}
          {hunt.status === 'opening' && (
            <Button size="sm" disabled={unopened > 0} aria-describedby={unopened > 0 ? 'hunt-finish-why' : undefined} onClick={() => setConfirm('finished')}>
              Finish hunt
            </Button>
          )}
        </div>
      </div>
      <GuessingState detail={detail} onSet={(open) => run({ kind: 'guessing', huntId: hunt.id, open }, open ? 'Guessing is open again' : 'Guessing closed')} />
      {hunt.status === 'opening' && unopened > 0 && (
        <p id="hunt-finish-why" className="text-sm text-muted-foreground">
          Finish opens once every bonus has its win: {unopened} of {bonuses.length} still to open.
        </p>
      )}
      <OverlayLink label="Bonus hunt overlay" path={`/overlay/bonus-hunt/${hunt.id}`} />
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ['Start balance', money(f.totalCost)],
            ['Opened', `${f.opened} / ${f.collected}`],
            ['Won so far', money(f.wonSoFar)],
            ['Profit / loss', money(f.profit)],
            ['Average', formatX(f.averageX)],
            ['Break-even', formatX(f.breakEvenX)],
            ['Best / worst', `${formatX(f.bestX)} / ${formatX(f.worstX)}`],
            ['Guesses', String(hunt.guessCount)],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className="rounded border p-2">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <TableCaption className="sr-only">Bonuses of {hunt.title}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>#</TableHead>
              <TableHead>Slot</TableHead>
              <TableHead>Bet</TableHead>
              <TableHead>Win</TableHead>
              <TableHead>×</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {bonuses.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} className="text-center text-muted-foreground">
                  No bonuses yet.
                </TableCell>
              </TableRow>
            ) : (
              bonuses.map((b, i) => (
                <TableRow key={b.id}>
                  <TableCell className="tabular-nums">{i + 1}</TableCell>
                  <TableCell>{b.slotName}</TableCell>
                  <TableCell className="tabular-nums">
                    {hunt.status === 'collecting' ? (
                      <AmountInput key={`${b.id}-${b.bet}`} field="bet" index={i} bonus={b} huntId={hunt.id} currency={hunt.currency} />
                    ) : (
                      money(b.bet)
                    )}
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {hunt.status === 'opening' ? (
                      <AmountInput key={`${b.id}-${b.win}`} field="win" index={i} bonus={b} huntId={hunt.id} currency={hunt.currency} />
                    ) : b.win === null ? (
                      '–'
                    ) : (
                      money(b.win)
                    )}
                  </TableCell>
                  <TableCell className="tabular-nums">{formatX(b.multiplier)}</TableCell>
                  <TableCell>
                    {hunt.status !== 'finished' && (
                      <div className="flex gap-1">
                        <Button size="icon" variant="ghost" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${b.slotName} (#${i + 1}) up`}>
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button
                          size="icon"
                          variant="ghost"
                          disabled={i === bonuses.length - 1}
                          onClick={() => move(i, 1)}
                          aria-label={`Move ${b.slotName} (#${i + 1}) down`}
                        >
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        {hunt.status === 'collecting' && (
                          <Button
                            size="icon"
                            variant="ghost"
                            onClick={() => run({ kind: 'remove', huntId: hunt.id, bonusId: b.id })}
                            aria-label={`Remove ${b.slotName} (#${i + 1})`}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        )}
                      </div>
                    )}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {hunt.status === 'collecting' && <AddBonus huntId={hunt.id} currency={hunt.currency} />}
      {hunt.status === 'finished' && <GtbWinners detail={detail} />}
      <ConfirmDialog
        open={confirm !== null}
        tone="default"
        title={confirm === 'opening' ? 'Start opening?' : 'Finish the hunt?'}
        description={
          confirm === 'opening'
            ? 'Guesses lock and are published; no more bonuses can be added.'
            : 'The final balance is the sum of the wins; Guess the Balance prizes are credited now.'
        }
        confirmLabel={confirm === 'opening' ? 'Start opening' : 'Finish'}
        onOpenChange={(open) => !open && setConfirm(null)}
        onConfirm={() => {
          run({ kind: 'status', huntId: hunt.id, status: confirm! }, confirm === 'opening' ? 'Opening: guesses locked' : 'Hunt finished');
          setConfirm(null);
        }}
      />
    </section>
  );
}

/** The admin's inputs of a bonus's amount: `bet` while collecting, `win` while opening. */
const AMOUNT_LABELS = { bet: 'Bet', win: 'Win' } as const;

/**
 * A bonus's bet or win, saved with Enter (or Save); Enter also moves to the next bonus's input, so
 * the wins of a hunt go in one after another without the mouse.
 */
function AmountInput({ field, index, bonus, huntId, currency }: { field: 'bet' | 'win'; index: number; bonus: Bonus; huntId: string; currency: string }) {
  const act = useHuntAct();
  const value = bonus[field];
  const [text, setText] = useState(value === null ? '' : (value / 100).toFixed(2));
  const cents = parseCents(text);
  const isValid = cents !== null && (field === 'win' || cents > 0);
  const label = `${AMOUNT_LABELS[field]} of ${bonus.slotName} (#${bonus.position}) in ${currency}`;
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (!isValid) return;
        act.mutate(
          { kind: 'update', huntId, bonusId: bonus.id, input: field === 'bet' ? { bet: cents } : { win: cents } },
          { onError: (err) => toastRequestError(err, `Could not save the ${field}`) },
        );
        const next = document.querySelector<HTMLInputElement>(`input[data-hunt-amount="${field}-${index + 1}"]`);
        next?.focus();
        next?.select();
      }}
    >
      <input
        aria-label={label}
        data-hunt-amount={`${field}-${index}`}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-8 w-24 rounded-md border border-input bg-background px-2 text-sm dark:bg-input/30"
      />
      <Button
        size="sm"
        type="submit"
        variant="outline"
        disabled={!isValid || act.isPending}
        aria-label={`Save the ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
      >
        Save
      </Button>
    </form>
  );
}

/** Guess the Balance's state: open or closed while collecting (closable before the opening), locked after. */
function GuessingState({ detail, onSet }: { detail: HuntDetail; onSet: (open: boolean) => void }) {
  const { hunt } = detail;
  const n = `${hunt.guessCount} guess${hunt.guessCount === 1 ? '' : 'es'}`;
  const text =
    hunt.status !== 'collecting'
      ? `Guess the Balance: locked with ${n}.`
      : hunt.isGuessingOpen
        ? `Guess the Balance: open, ${n} so far.`
        : `Guess the Balance: closed, ${n}. Members cannot guess until you open it again or start opening.`;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Guess the Balance">
      <span role="status">{text}</span>
      {hunt.status === 'collecting' && (
        <Button size="sm" variant="outline" onClick={() => onSet(!hunt.isGuessingOpen)}>
          {hunt.isGuessingOpen ? 'Close guessing' : 'Open guessing again'}
        </Button>
      )}
    </div>
  );
}

/** A finished hunt's Guess the Balance winners (the read lists the guesses closest first). */
function GtbWinners({ detail }: { detail: HuntDetail }) {
  const winners = (detail.guesses ?? []).filter((g) => g.place !== null).sort((a, b) => a.place! - b.place!);
  const money = (c: number) => formatCents(c, detail.hunt.currency);
  return (
    <section aria-labelledby="hunt-gtb-winners" className="grid gap-2">
      <h3 id="hunt-gtb-winners" className="text-lg font-semibold">
        Guess the Balance winners
      </h3>
      <p className="text-sm text-muted-foreground">Final balance {detail.hunt.finalBalance === null ? '–' : money(detail.hunt.finalBalance)}</p>
      {winners.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody guessed: no prizes were paid.</p>
      ) : (
        <ol className="grid gap-1 text-sm" aria-label="Guess the Balance winners">
          {winners.map((g) => (
            <li key={g.id} className="flex flex-wrap gap-x-3 tabular-nums">
              <span className="font-semibold">
                {g.place}. {g.username}
              </span>
              <span>guessed {money(g.amount)}</span>
              {g.difference !== null && <span>off by {money(g.difference)}</span>}
              {g.prize !== null && <span>{g.prize.toLocaleString('en-US')} points</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function AddBonus({ huntId, currency }: { huntId: string; currency: string }) {
  const act = useHuntAct();
  const [name, setName] = useState('');
  const [bet, setBet] = useState('1.00');
  const search = useDeferredValue(name.trim());
  const matches = useSlotSearch(search);
  const exact = matches.data?.slots.find((s) => s.name.toLowerCase() === name.trim().toLowerCase());
  const cents = parseCents(bet);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label="Add a bonus"
      onSubmit={(e) => {
        e.preventDefault();
        if (!cents || !name.trim()) return;
        act.mutate(
          { kind: 'add', huntId, input: exact ? { slotId: exact.id, bet: cents } : { slotName: name.trim(), bet: cents } },
          {
            onSuccess: () => {
              toast({ title: `Added ${exact?.name ?? name.trim()}` });
              setName('');
            },
            onError: (err) => toastRequestError(err, 'Could not add the bonus'),
          },
        );
      }}
    >
      <FormField
        label="Slot (from Slot Hub, or any name)"
        list="admin-hunt-slot-options"
        value={name}
        onChange={(e) => setName(e.target.value)}
        hint={exact ? `${exact.provider} · from Slot Hub` : name.trim() ? 'Not in Slot Hub: added as free text' : undefined}
        className="w-64"
      />
      <datalist id="admin-hunt-slot-options">
        {matches.data?.slots.map((s) => (
          <option key={s.id} value={s.name}>
            {s.provider}
          </option>
        ))}
      </datalist>
      <FormField label={`Bet (${currency})`} inputMode="decimal" value={bet} onChange={(e) => setBet(e.target.value)} className="w-28" />
      <Button type="submit" disabled={!cents || !name.trim() || act.isPending}>
        <Plus aria-hidden="true" /> Add bonus
      </Button>
    </form>
  );
}
