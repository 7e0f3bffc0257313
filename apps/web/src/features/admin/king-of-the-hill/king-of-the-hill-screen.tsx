import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { HowToSettingsSchema } from '@app/shared/api/how-to';
import { KingOfTheHillDeclineSchema, KingOfTheHillSettingsSchema, type AdminHill, type AdminKingOfTheHillClaim } from '@app/shared/api/king-of-the-hill';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/sonner';
import { DataTable, type AdminColumn } from '../components/data-table';
import { DeclineDialog } from '../components/decline-dialog';
import { formatDate, formatDateTime, formatPoints, formatUsd } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useDecideHillClaim } from './api/decide-hill-claim';
import { useAdminHill } from './api/get-admin-hill';
import { useHowToSettings, useSetHowToSettings } from './api/how-to-settings';
import { useSetHillSettings } from './api/set-hill-settings';
import { fieldErrorsOf } from '@/lib/field-errors';

const times = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;

const STATUS: Record<AdminKingOfTheHillClaim['status'], { label: string; variant: 'secondary' | 'success' | 'destructive' }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  verified: { label: 'Verified', variant: 'success' },
  declined: { label: 'Declined', variant: 'destructive' },
};

/** /admin/king-of-the-hill: the claims queue (pending first), the period's settings and prize, and history. */
export function KingOfTheHillScreen() {
  const hill = useAdminHill();
  return (
    <div className="grid gap-6">
      <ScreenHeader
        title="King of the Hill"
        description="VIP members (Bronze and up) claim the hill with a win; verify or decline each claim. The king at the end of a period wins its points prize through the ledger, and a new hill starts."
      />
      <AdminQueryState query={hill} label="King of the Hill">
        {(data) => <HillAdmin hill={data} />}
      </AdminQueryState>
      <HowToBonusCard />
    </div>
  );
}

function HillAdmin({ hill }: { hill: AdminHill }) {
  const decide = useDecideHillClaim();
  const [declining, setDeclining] = useState<AdminKingOfTheHillClaim | null>(null);

  const onVerify = async (claim: AdminKingOfTheHillClaim) => {
    try {
      await decide.mutateAsync({ claimId: claim.id, decision: 'verify' });
      toast({ title: 'Claim verified', description: `${claim.user.username} is King of the Hill with ${times(claim.multiplier)}.` });
    } catch (e) {
      toastRequestError(e, 'Verify failed');
    }
  };

  const columns = useMemo<AdminColumn<AdminKingOfTheHillClaim>[]>(
    () => [
      { id: 'user', header: 'Member', accessorFn: (c) => c.user.username },
      { accessorKey: 'slot', header: 'Slot' },
      { id: 'bet', header: 'Bet', accessorFn: (c) => c.bet, cell: (c) => formatUsd(c.row.original.bet) },
      { id: 'win', header: 'Win', accessorFn: (c) => c.win, cell: (c) => formatUsd(c.row.original.win) },
      { id: 'multiplier', header: 'Multiplier', accessorFn: (c) => c.multiplier, cell: (c) => times(c.row.original.multiplier) },
      {
        id: 'proof',
        header: 'Proof',
        enableSorting: false,
        cell: (c) => (
          <div className="flex flex-col gap-0.5">
            <a href={c.row.original.betUrl} target="_blank" rel="noreferrer noopener" className="text-primary underline-offset-4 hover:underline">
              Bet link<span className="sr-only"> of {c.row.original.user.username}</span>
            </a>
            {c.row.original.screenshotUrl && (
              <a href={c.row.original.screenshotUrl} target="_blank" rel="noreferrer noopener" className="text-primary underline-offset-4 hover:underline">
                Screenshot<span className="sr-only"> of {c.row.original.user.username}</span>
              </a>
            )}
          </div>
        ),
      },
      { id: 'createdAt', header: 'Sent', accessorFn: (c) => c.createdAt, cell: (c) => formatDateTime(c.row.original.createdAt) },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (c) => c.status,
        cell: (c) => {
          const s = STATUS[c.row.original.status];
          return (
            <div className="flex flex-col gap-0.5">
              <Badge variant={s.variant}>{s.label}</Badge>
              {c.row.original.declineReason && <span className="text-xs text-muted-foreground">{c.row.original.declineReason}</span>}
            </div>
          );
        },
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (c) =>
          c.row.original.status === 'pending' ? (
            <div className="flex gap-2">
              <Button
                size="sm"
                onClick={() => void onVerify(c.row.original)}
                disabled={decide.isPending}
                aria-label={`Verify the claim of ${c.row.original.user.username}`}
              >
                Verify
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setDeclining(c.row.original)}
                aria-label={`Decline the claim of ${c.row.original.user.username}`}
              >
                Decline
              </Button>
            </div>
          ) : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [decide.isPending],
  );

  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="koth-admin-period" className="rounded-xl border bg-card p-5">
          <h2 id="koth-admin-period" className="font-semibold">
            This period
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Started</dt>
              <dd>{formatDateTime(hill.period.startsAt)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Ends</dt>
              <dd>{formatDateTime(hill.period.endsAt)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Prize</dt>
              <dd>{formatPoints(hill.period.prizePoints)} points</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">King</dt>
              <dd>{hill.king ? `${hill.king.username}: ${times(hill.king.multiplier)} on ${hill.king.slot}` : 'Nobody yet'}</dd>
            </div>
          </dl>
        </section>
        <SettingsForm hill={hill} />
      </div>
      <DataTable caption="Claims, pending first" columns={columns} data={hill.claims} emptyText="No claims yet." getRowId={(c) => c.id} pageSize={20} />
      <section aria-labelledby="koth-admin-history">
        <h2 id="koth-admin-history" className="font-semibold">
          History
        </h2>
        {hill.history.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No period has ended yet.</p>
        ) : (
          <ol className="mt-2 grid gap-2 text-sm">
            {hill.history.map((h) => (
              <li key={h.period.id} className="rounded-lg border bg-card p-3">
                <p className="font-medium">
                  {formatDate(h.period.startsAt)} – {formatDate(h.period.endsAt)}:{' '}
                  {h.winner ? `${h.winner.username} won ${formatPoints(h.winner.prizePoints)} points` : 'no king, no winner'}
                </p>
                {h.kings.length > 0 && (
                  <p className="text-muted-foreground">
                    Kings: {h.kings.map((k) => `${k.username} (${times(k.multiplier)}, ${Math.round(k.heldMs / 3_600_000)} h)`).join(', ')}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <DeclineClaimDialog claim={declining} onOpenChange={(open) => !open && setDeclining(null)} />
    </>
  );
}

function SettingsForm({ hill }: { hill: AdminHill }) {
  const save = useSetHillSettings();
  const [days, setDays] = useState(String(hill.settings.periodDays));
  const [prize, setPrize] = useState(String(hill.settings.prizePoints));
  const [errors, setErrors] = useState<{ periodDays?: string; prizePoints?: string }>({});
  useEffect(() => {
    setDays(String(hill.settings.periodDays));
    setPrize(String(hill.settings.prizePoints));
  }, [hill.settings.periodDays, hill.settings.prizePoints]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = KingOfTheHillSettingsSchema.safeParse({ periodDays: Number(days), prizePoints: Number(prize) });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast({ title: 'Settings saved', description: `${parsed.data.periodDays}-day periods, ${formatPoints(parsed.data.prizePoints)} points prize.` });
    } catch (err) {
      toastRequestError(err, 'Save failed');
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="koth-admin-settings" className="grid gap-3 rounded-xl border bg-card p-5">
      <h2 id="koth-admin-settings" className="font-semibold">
        Period and prize
      </h2>
      <p className="text-sm text-muted-foreground">The running period takes them at once; later periods open with them.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Period length (days)" inputMode="numeric" value={days} error={errors.periodDays} onChange={(e) => setDays(e.target.value)} />
        <FormField label="Prize (points)" inputMode="numeric" value={prize} error={errors.prizePoints} onChange={(e) => setPrize(e.target.value)} />
      </div>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </Button>
    </form>
  );
}

/** Declining a claim asks for the reason the member will read. */
function DeclineClaimDialog({ claim, onOpenChange }: { claim: AdminKingOfTheHillClaim | null; onOpenChange: (open: boolean) => void }) {
  const decide = useDecideHillClaim();
  return (
    <DeclineDialog
      open={claim !== null}
      title="Decline claim"
      description={claim ? `${claim.user.username}: ${times(claim.multiplier)} on ${claim.slot}. The member sees the reason.` : ''}
      schema={KingOfTheHillDeclineSchema}
      isPending={decide.isPending}
      onDecline={async (reason) => {
        if (!claim) return;
        await decide.mutateAsync({ claimId: claim.id, decision: 'decline', reason });
        toast({ title: 'Claim declined', description: `${claim.user.username} will see your reason.` });
      }}
      onOpenChange={onOpenChange}
    />
  );
}

/** The Interactive How-To's Get started bonus (points, credited once per member through the ledger). */
function HowToBonusCard() {
  const settings = useHowToSettings();
  const save = useSetHowToSettings();
  const [points, setPoints] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const value = points ?? (settings.data ? String(settings.data.bonusPoints) : '');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = HowToSettingsSchema.safeParse({ bonusPoints: Number(value) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(parsed.data);
      setPoints(null);
      toast({ title: 'Bonus saved', description: `Get started pays ${formatPoints(parsed.data.bonusPoints)} points.` });
    } catch (err) {
      toastRequestError(err, 'Save failed');
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="how-to-admin-bonus" className="grid gap-3 rounded-xl border bg-card p-5">
      <h2 id="how-to-admin-bonus" className="font-semibold">
        Interactive How-To&apos;s: Get started bonus
      </h2>
      <p className="text-sm text-muted-foreground">Credited once to each member who finishes Get started, from now on.</p>
      <AdminQueryState query={settings} label="the bonus">
        {() => (
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="Bonus (points)" inputMode="numeric" value={value} error={error} onChange={(e) => setPoints(e.target.value)} />
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save bonus'}
            </Button>
          </div>
        )}
      </AdminQueryState>
    </form>
  );
}
