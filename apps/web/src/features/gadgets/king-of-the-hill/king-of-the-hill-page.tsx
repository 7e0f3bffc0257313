import { Crown, Trophy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { KingOfTheHillClaimInputSchema, kingOfTheHillMultiplier, type Hill, type KingOfTheHillClaim } from '@app/shared/api/king-of-the-hill';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, FormMessage } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { useClaimHill } from '../api/claim-hill';
import { useHill } from '../api/get-hill';
import { formatDay, formatPoints, formatSpan, formatTimes, formatUsdAmount } from './format';
import { fieldErrorsOf } from '@/lib/field-errors';

/** /gadgets/king-of-the-hill: the hill, its king and period, the VIP member's claim form, their claims and past periods. */
export default function KingOfTheHillPage() {
  const hill = useHill();
  return (
    <section aria-labelledby="koth-title" className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="koth-title" className="text-3xl font-extrabold tracking-tight">
          King of the Hill
        </h1>
        <Badge variant="outline">
          <Crown aria-hidden="true" /> VIP only
        </Badge>
      </div>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Land the biggest multiplier at a partner casino and take the hill. Whoever holds it when the period ends wins its points prize; then a new hill starts
        empty.
      </p>
      <QueryState
        query={hill}
        layout="section"
        className="mt-10"
        loading="Loading the hill…"
        failure={(error) => `Could not load the hill: ${errorMessage(error, 'please try again.')}`}
        retryLabel="Retry"
      >
        {(data) => <HillView hill={data} />}
      </QueryState>
    </section>
  );
}

function HillView({ hill }: { hill: Hill }) {
  const now = useNow({ intervalMs: 30_000 });
  const endsIn = new Date(hill.period.endsAt).getTime() - now;
  return (
    <>
      <div className="mt-8 grid gap-4 md:grid-cols-[2fr_1fr]">
        <Card role="region" aria-labelledby="koth-king-title">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="koth-king-title" className="flex items-center gap-2 text-lg">
                <Crown className="size-5 text-primary" aria-hidden="true" /> Current king
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {hill.king ? (
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                <Fact label="King" value={hill.king.username} />
                <Fact label="Multiplier" value={formatTimes(hill.king.multiplier)} />
                <Fact label="Slot" value={hill.king.slot} />
                <Fact label="Held for" value={formatSpan(now - new Date(hill.king.since).getTime())} />
              </dl>
            ) : (
              <p className="text-muted-foreground">The hill is empty: the first verified claim takes it.</p>
            )}
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="koth-period-title">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="koth-period-title" className="flex items-center gap-2 text-lg">
                <Trophy className="size-5 text-primary" aria-hidden="true" /> This period
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4">
              <Fact label="Prize" value={`${formatPoints(hill.period.prizePoints)} points`} />
              <Fact label="Ends in" value={endsIn > 0 ? formatSpan(endsIn) : 'Ending…'} />
            </dl>
          </CardContent>
        </Card>
      </div>
      {hill.vip.isVip ? (
        <ClaimForm kingMultiplier={hill.king?.multiplier ?? null} />
      ) : (
        <div role="note" className="mt-8 rounded-xl border border-dashed bg-card p-6">
          <h2 className="text-lg font-semibold">Claiming is for VIP members</h2>
          <p className="mt-2 text-sm text-muted-foreground">
            VIP starts at Bronze: {formatUsdAmount(hill.vip.requiredWager)} of verified wagers at our partner casinos. You are {hill.vip.tier} with{' '}
            {formatUsdAmount(hill.vip.totalWagered)}. Link and verify your casino accounts on your profile so your wagers count.
          </p>
        </div>
      )}
      <MyClaims claims={hill.myClaims} />
      <History hill={hill} />
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold break-words">{value}</dd>
    </div>
  );
}

type Draft = { slot: string; bet: string; win: string; betUrl: string; screenshotUrl: string };
type Errors = Partial<Record<keyof Draft, string>>;
const EMPTY: Draft = { slot: '', bet: '', win: '', betUrl: '', screenshotUrl: '' };

function ClaimForm({ kingMultiplier }: { kingMultiplier: number | null }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const claim = useClaimHill();
  const bet = Number(draft.bet);
  const win = Number(draft.win);
  const multiplier = bet > 0 && win > 0 ? kingOfTheHillMultiplier(bet, win) : null;
  const isBeaten = multiplier !== null && (kingMultiplier === null || multiplier > kingMultiplier);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = KingOfTheHillClaimInputSchema.safeParse({
      slot: draft.slot,
      bet: draft.bet === '' ? undefined : Number(draft.bet),
      win: draft.win === '' ? undefined : Number(draft.win),
      betUrl: draft.betUrl,
      ...(draft.screenshotUrl.trim() ? { screenshotUrl: draft.screenshotUrl } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await claim.mutateAsync(parsed.data);
      setDraft(EMPTY);
      toast({ title: 'Claim sent', description: 'An admin will check your win; you will see the decision here.' });
    } catch (error) {
      setFormError(errorMessage(error, 'Your claim could not be sent. Please try again.'));
    }
  };

  const field = (key: keyof Draft) => ({
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  return (
    <section aria-labelledby="koth-claim-title" className="mt-8 rounded-xl border bg-card p-6">
      <h2 id="koth-claim-title" className="text-lg font-semibold">
        Claim the hill
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {kingMultiplier === null ? 'Any verified win takes the empty hill.' : `Your multiplier must beat the king's ${formatTimes(kingMultiplier)}.`}
      </p>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormField label="Slot" autoComplete="off" {...field('slot')} />
        <FormField label="Link to the bet or round" type="url" placeholder="https://" {...field('betUrl')} />
        <FormField label="Bet (USD)" inputMode="decimal" {...field('bet')} />
        <FormField label="Win (USD)" inputMode="decimal" {...field('win')} />
        <FormField label="Screenshot link (optional)" type="url" placeholder="https://" {...field('screenshotUrl')} />
        <div className="flex flex-col justify-end">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Multiplier:{' '}
            <span className={isBeaten ? 'font-semibold text-foreground' : 'font-semibold'}>{multiplier === null ? '—' : formatTimes(multiplier)}</span>
            {multiplier !== null && !isBeaten && ' (does not beat the king)'}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <FormMessage>{formError}</FormMessage>
          <Button type="submit" className="w-fit" disabled={claim.isPending}>
            {claim.isPending ? 'Sending…' : 'Send claim'}
          </Button>
        </div>
      </form>
    </section>
  );
}

const STATUS_BADGE: Record<KingOfTheHillClaim['status'], { label: string; variant: 'secondary' | 'success' | 'destructive' }> = {
  pending: { label: 'Pending review', variant: 'secondary' },
  verified: { label: 'Verified', variant: 'success' },
  declined: { label: 'Declined', variant: 'destructive' },
};

function MyClaims({ claims }: { claims: KingOfTheHillClaim[] }) {
  return (
    <section aria-labelledby="koth-mine-title" className="mt-8">
      <h2 id="koth-mine-title" className="text-lg font-semibold">
        Your claims this period
      </h2>
      {claims.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No claims yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {claims.map((c) => {
            const badge = STATUS_BADGE[c.status];
            return (
              <li key={c.id} className="rounded-lg border bg-card p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">
                    {formatTimes(c.multiplier)} on {c.slot}
                  </span>
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">
                  Bet {formatUsdAmount(c.bet)}, win {formatUsdAmount(c.win)} · sent {formatDay(c.createdAt)}
                </p>
                {c.declineReason && <p className="mt-1 text-sm">Reason: {c.declineReason}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function History({ hill }: { hill: Hill }) {
  return (
    <section aria-labelledby="koth-history-title" className="mt-8">
      <h2 id="koth-history-title" className="text-lg font-semibold">
        Past periods
      </h2>
      {hill.history.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No period has ended yet.</p>
      ) : (
        <ol className="mt-3 grid gap-3">
          {hill.history.map((h) => (
            <li key={h.period.id} className="rounded-lg border bg-card p-4">
              <p className="font-semibold">
                {formatDay(h.period.startsAt)} – {formatDay(h.period.endsAt)}
              </p>
              <p className="text-sm text-muted-foreground">
                {h.winner ? `Winner: ${h.winner.username}, ${formatPoints(h.winner.prizePoints)} points` : 'No king: no winner'}
              </p>
              {h.kings.length > 0 && (
                <ul className="mt-2 grid gap-1 text-sm" aria-label="Kings of this period">
                  {h.kings.map((k) => (
                    <li key={k.since}>
                      {k.username}: {formatTimes(k.multiplier)} on {k.slot}, held {formatSpan(k.heldMs)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
