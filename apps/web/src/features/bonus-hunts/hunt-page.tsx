import { MonitorPlay } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Guess, HuntDetail } from '@app/shared/api/bonus-hunts';
import { formatCents, formatX, parseCents } from '@app/shared/domain/money-cents';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useLiveTopics } from '@/lib/live-topics';
import { useSession } from '@/lib/session';
import { useOpenAuth } from '@/lib/use-open-auth';
import { cn } from '@/lib/utils';
import { getAllGuesses } from './api/get-guesses';
import { useHunt } from './api/get-hunts';
import { useSubmitBonusGuess } from './api/submit-bonus-guess';
import { useSubmitGuess } from './api/submit-guess';
import { BonusTable, currentBonusId } from './bonus-table';
import { HuntFigures, STATUS_LABELS } from './hunt-figures';

/** One bonus hunt (/bonus-hunts/:id): live figures, the bonuses, Guess the Balance. */
export default function HuntPage() {
  const { id = '' } = useParams();
  // The hunt's figures come live while the page is open; without the channel the page polls.
  const live = useLiveTopics([`hunt:${id}`]);
  const query = useHunt(id, { live });
  const isAdmin = Boolean(useSession().user?.isAdmin);
  // The hunt's first render is a deferred update: React draws the page in slices with the browser
  // running between them, not in one long task (Lighthouse's TBT); the spinner stays meanwhile.
  const detail = useDeferredValue(query.data);
  if (!query.isSuccess || !detail) {
    // A screen-high spinner: the footer stays below the fold until the hunt replaces it (CLS).
    const state = <QueryState query={query} loading={<PageLoader label="Loading the hunt…" isScreenHigh />} failure="The bonus hunt" />;
    return query.isPending || query.isSuccess ? state : <div className="mx-auto max-w-5xl px-4 py-8">{state}</div>;
  }
  const { hunt, bonuses } = detail;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link to="/bonus-hunts" className="text-primary underline underline-offset-4">
              Bonus Hunts
            </Link>
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold">
            {hunt.title} <Badge variant={hunt.status === 'finished' ? 'secondary' : 'success'}>{STATUS_LABELS[hunt.status]}</Badge>
          </h1>
          <p className="mt-1 text-muted-foreground">
            {hunt.casino} · {hunt.currency}
            {hunt.status !== 'finished' && ' · updates live'}
          </p>
        </div>
        {/* The overlay is the streamer's tool: admins only. */}
        {isAdmin && (
          <Button asChild variant="outline" size="sm">
            <Link to={`/overlay/bonus-hunt/${hunt.id}`} target="_blank" rel="noopener">
              <MonitorPlay aria-hidden="true" /> Stream overlay
            </Link>
          </Button>
        )}
      </header>
      <section aria-label="Figures">
        <HuntFigures hunt={hunt} />
      </section>
      {/* minmax(0, …) tracks: a wide table scrolls inside its box instead of widening (and clipping) the page on a phone. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="hunt-bonuses-title" className="grid min-w-0 content-start gap-2">
          <h2 id="hunt-bonuses-title" className="text-xl font-semibold">
            Bonuses
          </h2>
          <BonusTable hunt={hunt} bonuses={bonuses} />
        </section>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6">
          <GuessTheBalance detail={detail} />
          <NextBonusGuess detail={detail} />
          {hunt.figures.providers.length > 0 && (
            <section aria-labelledby="hunt-providers-title" className="grid gap-2">
              <h2 id="hunt-providers-title" className="text-lg font-semibold">
                By provider
              </h2>
              <ul className="grid gap-1 text-sm">
                {hunt.figures.providers.map((p) => (
                  <li key={p.provider} className="flex justify-between gap-2">
                    <span>
                      {p.provider} <span className="text-muted-foreground">({p.opened})</span>
                    </span>
                    <span className="tabular-nums">{formatX(p.averageX)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
      {detail.guesses && <GuessTable detail={detail} />}
    </div>
  );
}

function GuessTheBalance({ detail }: { detail: HuntDetail }) {
  const { hunt, myGuess } = detail;
  const submit = useSubmitGuess();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const prizes = hunt.prizes.map((p) => `${p.toLocaleString('en-US')} pts`).join(', ');

  const send = () => {
    const amount = parseCents(text);
    if (amount === null) return setError('Enter an amount, e.g. 1234.56');
    setError(undefined);
    submit.mutate(
      { huntId: hunt.id, amount, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: (result) => {
          setText('');
          toast({
            title: `Your guess: ${formatCents(result.guess.amount, hunt.currency)}`,
            description: result.charged ? `${result.charged} points spent.` : undefined,
          });
        },
        onError: (e) => toast({ title: errorMessage(e, 'Your guess was not saved. Try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <section aria-labelledby="gtb-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-xl border bg-card p-4">
      <h2 id="gtb-title" className="text-lg font-semibold">
        Guess the Balance
      </h2>
      <p className="text-sm text-muted-foreground">
        Closest to the final balance wins (ties to the earliest guess). Prizes: {prizes}. Entry: {hunt.entryCost ? `${hunt.entryCost} pts` : 'free'}.
      </p>
      {myGuess && (
        <p className="text-sm">
          Your guess: <strong className="tabular-nums">{formatCents(myGuess.amount, hunt.currency)}</strong>
        </p>
      )}
      {hunt.status !== 'collecting' ? (
        <p className="text-sm">Guessing is closed; {hunt.guessCount === 1 ? '1 guess is' : `${hunt.guessCount} guesses are`} published below.</p>
      ) : !hunt.isGuessingOpen ? (
        <p className="text-sm">Guessing is closed for this hunt; the guesses are published when the opening starts.</p>
      ) : (
        <GuessForm
          label={`Final balance (${hunt.currency})`}
          text={text}
          onText={setText}
          error={error}
          pending={submit.isPending}
          isChange={!!myGuess}
          onSend={send}
        />
      )}
    </section>
  );
}

type GuessFormProps = { label: string; text: string; onText(text: string): void; error?: string; pending: boolean; isChange: boolean; onSend(): void };

/** A guess's one field and its button; a visitor gets "Sign in to guess" instead. */
function GuessForm({ label, text, onText, error, pending, isChange, onSend }: GuessFormProps) {
  const { user } = useSession();
  const openAuth = useOpenAuth();
  if (!user) {
    return (
      <Button variant="outline" onClick={openAuth}>
        Sign in to guess
      </Button>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <FormField label={label} inputMode="decimal" value={text} onChange={(e) => onText(e.target.value)} error={error} className="w-40" />
      <Button type="submit" disabled={pending}>
        {isChange ? 'Change guess' : 'Guess'}
      </Button>
    </form>
  );
}

const X_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/** While the hunt is opening: guess the × of the bonus to open next (free); the closest guess is named when it opens. */
function NextBonusGuess({ detail }: { detail: HuntDetail }) {
  const { hunt, bonuses, myBonusGuess } = detail;
  const submit = useSubmitBonusGuess();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const nextId = currentBonusId(hunt, bonuses);
  const next = bonuses.find((b) => b.id === nextId);
  if (!next) return null;
  const mine = myBonusGuess?.bonusId === next.id ? myBonusGuess : null;

  const send = () => {
    const raw = text.trim().replace(/[x×]$/i, '');
    if (!X_PATTERN.test(raw)) return setError('Enter a multiplier, e.g. 125.5');
    setError(undefined);
    submit.mutate(
      { huntId: hunt.id, bonusId: next.id, multiplier: Number(raw) },
      {
        onSuccess: (result) => {
          setText('');
          toast({ title: `Your guess for ${next.slotName}: ${formatX(result.guess.multiplier)}` });
        },
        onError: (e) => toast({ title: errorMessage(e, 'Your guess was not saved. Try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <section aria-labelledby="next-bonus-title" className="grid gap-2 rounded-xl border bg-card p-4">
      <h2 id="next-bonus-title" className="text-lg font-semibold">
        Guess the next bonus
      </h2>
      <p className="text-sm text-muted-foreground">
        Next up: <strong className="text-foreground">{next.slotName}</strong> at {formatCents(next.bet, hunt.currency)}. Guess its multiplier (win ÷ bet); the
        closest guess is named when it opens (ties to the earliest). Free; in chat: !x &lt;multiplier&gt;.
      </p>
      {mine && (
        <p className="text-sm">
          Your guess: <strong className="tabular-nums">{formatX(mine.multiplier)}</strong>
        </p>
      )}
      <GuessForm label="Multiplier (×)" text={text} onText={setText} error={error} pending={submit.isPending} isChange={!!mine} onSend={send} />
    </section>
  );
}

/**
 * The published guesses. Names come masked unless the member opted in to show theirs; the member's
 * own guess is found by its id (`myGuess.id`) and marked "You".
 */
function GuessTable({ detail }: { detail: HuntDetail }) {
  const { hunt } = detail;
  const myGuessId = detail.myGuess?.id;
  const [all, setAll] = useState<Guess[] | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const guesses = all ?? detail.guesses ?? [];
  const isFinished = hunt.status === 'finished';
  const showAll = async () => {
    setIsLoading(true);
    try {
      setAll(await getAllGuesses(hunt.id));
    } catch (e) {
      toast({ title: errorMessage(e, 'Could not load the guesses.'), variant: 'destructive' });
    } finally {
      setIsLoading(false);
    }
  };
  return (
    <section aria-labelledby="guesses-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
      <h2 id="guesses-title" className="text-xl font-semibold">
        {isFinished ? 'Guess the Balance results' : 'Guesses (locked)'}
      </h2>
      {isFinished && hunt.finalBalance !== null && (
        <p className="text-sm">
          Final balance: <strong className="tabular-nums">{formatCents(hunt.finalBalance, hunt.currency)}</strong>
        </p>
      )}
      {guesses.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody guessed.</p>
      ) : (
        <div className="max-h-[32rem] overflow-auto rounded-lg border">
          <Table>
            <TableCaption className="sr-only">Every guess{isFinished ? ', closest first' : ''}</TableCaption>
            <TableHeader>
              <TableRow>
                {isFinished && <TableHead>Place</TableHead>}
                <TableHead>Member</TableHead>
                <TableHead className="text-right">Guess</TableHead>
                {isFinished && <TableHead className="text-right">Difference</TableHead>}
                {isFinished && <TableHead className="text-right">Prize</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {guesses.map((g) => (
                <TableRow
                  key={g.id}
                  aria-current={g.id === myGuessId ? 'true' : undefined}
                  className={cn(g.place && 'font-semibold', g.id === myGuessId && 'bg-primary/15')}
                >
                  {isFinished && <TableCell>{g.place ?? ''}</TableCell>}
                  <TableCell>
                    {g.username}
                    {g.id === myGuessId && (
                      <Badge variant="secondary" className="ml-2">
                        You
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatCents(g.amount, hunt.currency)}</TableCell>
                  {isFinished && (
                    <TableCell className="text-right tabular-nums">{g.difference === null ? '' : formatCents(g.difference, hunt.currency)}</TableCell>
                  )}
                  {isFinished && <TableCell className="text-right tabular-nums">{g.prize ? `${g.prize.toLocaleString('en-US')} pts` : ''}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {guesses.length < hunt.guessCount && (
        <div className="flex items-center gap-3 text-sm">
          <span>
            Showing {guesses.length} of {hunt.guessCount} guesses.
          </span>
          <Button size="sm" variant="outline" onClick={() => void showAll()} disabled={isLoading}>
            Show all guesses
          </Button>
        </div>
      )}
    </section>
  );
}
