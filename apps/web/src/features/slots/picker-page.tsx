import { Dices, Plus, ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SlotPick } from '@app/shared/api/slots';
import { parseCents } from '@app/shared/domain/money-cents';
import { randomClientSeed } from '@app/shared/fairness/engine';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useSlots } from '@/lib/api/get-slots';
import { useSession } from '@/lib/session';
import { useOpenAuth } from '@/lib/use-open-auth';
import { prefersReducedMotion } from '@/lib/use-reduced-motion';
import { useAddToLiveHunt, useCollectingHunt } from './api/add-to-live-hunt';
import { usePickSlot, useRecentPicks } from './api/pick-slot';
import { PickerFairnessDialog } from './picker-fairness-dialog';
import { SlotFilters, type SlotFilterValues } from './slot-filters';
import { formatRtp, formatVolatility } from './slot-format';

const SPIN_MS = 1200;
const SPIN_STEP_MS = 80;

/** Random Slot Picker (/slots/picker): a provably fair pick from Slot Hub as filtered. */
export default function PickerPage() {
  const { user } = useSession();
  const openAuth = useOpenAuth();
  const [filters, setFilters] = useState<SlotFilterValues>({});
  const [excludeLiveHunt, setExcludeLiveHunt] = useState(false);
  const [clientSeed, setClientSeed] = useState(randomClientSeed);
  const [fairnessOpen, setFairnessOpen] = useState(false);
  const [shown, setShown] = useState<SlotPick | null>(null);
  const [reel, setReel] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const recent = useRecentPicks(!!user);
  const pick = usePickSlot();
  const catalogue = useSlots({ ...filters, sort: 'name', page: 1 });
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const s of catalogue.data?.slots ?? []) map.set(s.id, s.name);
    for (const p of recent.data?.picks ?? []) map.set(p.slot.id, p.slot.name);
    return map;
  }, [catalogue.data, recent.data]);

  useEffect(() => () => window.clearInterval(timer.current), []);

  const spin = async () => {
    if (!user) return openAuth();
    try {
      const result = await pick.mutateAsync({ filters: { ...filters, excludeLiveHunt }, clientSeed });
      const pool = catalogue.data?.slots.map((s) => s.name) ?? [];
      if (prefersReducedMotion() || pool.length === 0) {
        setShown(result.pick);
        return;
      }
      // The spin is animation only: the pick is already made and published.
      const started = performance.now();
      window.clearInterval(timer.current);
      timer.current = window.setInterval(() => {
        if (performance.now() - started >= SPIN_MS) {
          window.clearInterval(timer.current);
          setReel(null);
          setShown(result.pick);
          return;
        }
        setReel(pool[Math.floor(Math.random() * pool.length)]!);
      }, SPIN_STEP_MS);
    } catch (error) {
      toast({ title: errorMessage(error, 'The pick failed. Try again.'), variant: 'destructive' });
    }
  };

  const next = recent.data?.next;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Random Slot Picker</h1>
          <p className="mt-1 text-muted-foreground">
            A provably fair pick from{' '}
            <Link to="/slots" className="text-primary underline underline-offset-4">
              Slot Hub
            </Link>
            : anyone can check it was not chosen by hand.
          </p>
        </div>
        <Button variant="outline" onClick={() => setFairnessOpen(true)}>
          <ShieldCheck aria-hidden="true" /> Fairness
        </Button>
      </header>

      <section aria-labelledby="picker-filters-title" className="grid gap-3 rounded-xl border bg-card p-4">
        <h2 id="picker-filters-title" className="font-semibold">
          Pick from
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SlotFilters value={filters} providers={catalogue.data?.providers ?? []} onChange={setFilters} />
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id="picker-exclude" checked={excludeLiveHunt} onCheckedChange={(v) => setExcludeLiveHunt(v === true)} />
          <Label htmlFor="picker-exclude">Leave out slots already in the live hunt</Label>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {catalogue.data ? `${catalogue.data.total.toLocaleString('en-US')} slots match.` : ' '}
        </p>
      </section>

      <section aria-labelledby="picker-spin-title" className="grid gap-4 rounded-xl border bg-card p-4">
        <h2 id="picker-spin-title" className="font-semibold">
          Spin
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Client seed" value={clientSeed} maxLength={64} onChange={(e) => setClientSeed(e.target.value)} className="font-mono" />
          <div className="grid content-start gap-1.5 text-sm">
            <span className="font-medium">Server seed hash (shown before the spin)</span>
            <code className="break-all text-xs" data-testid="next-seed-hash">
              {next ? next.serverSeedHash : user ? 'Loading…' : 'Sign in to spin'}
            </code>
            {next && <span className="text-xs text-muted-foreground">Nonce {next.nonce}</span>}
          </div>
        </div>
        <div
          className="flex min-h-24 items-center justify-center rounded-lg border-2 border-dashed p-4 text-center"
          aria-live="polite"
          aria-busy={reel !== null}
        >
          {reel !== null ? (
            <span className="text-2xl font-bold opacity-70" aria-hidden="true">
              {reel}
            </span>
          ) : shown ? (
            <div>
              <p className="text-sm text-muted-foreground">Picked</p>
              <p className="text-2xl font-bold">{shown.slot.name}</p>
              <p className="text-sm text-muted-foreground">
                {shown.slot.provider} · RTP {formatRtp(shown.slot.rtp)} · {formatVolatility(shown.slot.volatility)}
              </p>
            </div>
          ) : (
            <p className="text-muted-foreground">Set the filters and spin.</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void spin()} disabled={pick.isPending || reel !== null || clientSeed.trim() === ''}>
            <Dices aria-hidden="true" /> {user ? 'Spin' : 'Sign in to spin'}
          </Button>
          {shown && reel === null && (
            <Button variant="outline" onClick={() => setFairnessOpen(true)}>
              <ShieldCheck aria-hidden="true" /> Verify this pick
            </Button>
          )}
        </div>
        {shown && reel === null && user?.isAdmin && <AddToHunt pick={shown} />}
      </section>

      {user && (
        <section aria-labelledby="picker-recent-title" className="grid gap-2">
          <h2 id="picker-recent-title" className="text-lg font-semibold">
            Your recent picks
          </h2>
          {recent.data?.picks.length ? (
            <ol className="grid gap-2">
              {recent.data.picks.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
                  <span>
                    <span className="font-medium">{p.slot.name}</span> <span className="text-muted-foreground">· nonce {p.nonce}</span>
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      setShown(p);
                      setFairnessOpen(true);
                    }}
                    aria-label={`Verify the pick ${p.slot.name}, nonce ${p.nonce}`}
                  >
                    Verify
                  </Button>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">No picks yet.</p>
          )}
        </section>
      )}
      <PickerFairnessDialog open={fairnessOpen} onOpenChange={setFairnessOpen} pick={shown} next={next} clientSeed={clientSeed} names={names} />
    </div>
  );
}

/** The admin's one click: the pick into the hunt that is collecting, at the bet typed here. */
function AddToHunt({ pick }: { pick: SlotPick }) {
  const hunt = useCollectingHunt(true);
  const add = useAddToLiveHunt();
  const [bet, setBet] = useState('1.00');
  if (!hunt.data) return <p className="text-sm text-muted-foreground">No hunt is collecting bonuses.</p>;
  const cents = parseCents(bet);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FormField label={`Bet (${hunt.data.currency})`} value={bet} onChange={(e) => setBet(e.target.value)} inputMode="decimal" className="w-28" />
      <Button
        variant="secondary"
        disabled={!cents || add.isPending}
        onClick={() =>
          add.mutate(
            { huntId: hunt.data!.id, slotId: pick.slot.id, bet: cents! },
            {
              onSuccess: () => toast({ title: `Added ${pick.slot.name} to ${hunt.data!.title}` }),
              onError: (error) => toast({ title: errorMessage(error, 'Could not add the bonus.'), variant: 'destructive' }),
            },
          )
        }
      >
        <Plus aria-hidden="true" /> Add to {hunt.data.title}
      </Button>
    </div>
  );
}
