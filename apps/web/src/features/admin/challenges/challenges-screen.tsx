import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChallengeDeclineSchema, type AdminChallenge, type AdminChallengeClaim } from '@app/shared/api/challenges';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { DataTable, type AdminColumn } from '../components/data-table';
import { DeclineDialog } from '../components/decline-dialog';
import { formatDateTime, formatPoints, formatUsd } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useDecideChallengeClaim } from './api/decide-challenge-claim';
import { useAdminChallenges } from './api/get-admin-challenges';
import { ChallengeFormDialog } from './challenge-form-dialog';

const times = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;

const CHALLENGE_STATUS: Record<AdminChallenge['status'], { label: string; variant: 'success' | 'secondary' | 'outline' }> = {
  active: { label: 'Active', variant: 'success' },
  upcoming: { label: 'Upcoming', variant: 'secondary' },
  completed: { label: 'Completed', variant: 'outline' },
};

function claimStatus(claim: AdminChallengeClaim): { label: string; variant: 'secondary' | 'success' | 'destructive' | 'outline' } {
  if (claim.status === 'pending') return { label: 'Pending', variant: 'secondary' };
  if (claim.status === 'declined') return { label: 'Declined', variant: 'destructive' };
  return claim.won ? { label: `Won ${formatPoints(claim.prizePoints)} points`, variant: 'success' } : { label: 'Valid, no prize', variant: 'outline' };
}

/** /admin/challenges: post and edit challenges; review each one's claims in submission order (verify, or decline with a reason). */
export function ChallengesScreen() {
  const challenges = useAdminChallenges();
  const [editing, setEditing] = useState<AdminChallenge | 'new' | null>(null);
  // Quick Search links here with ?id=: that challenge comes first.
  const [searchParams] = useSearchParams();
  const linkedId = searchParams.get('id');
  const inOrder = (list: AdminChallenge[]) => [...list].sort((a, b) => Number(b.id === linkedId) - Number(a.id === linkedId));
  return (
    <div className="grid gap-6">
      <ScreenHeader
        title="Challenges"
        description="Members claim a challenge with a bet that reaches its target. Decide the claims in the order they arrived: the first verified ones win the points prize through the ledger until the winners are full; later valid ones win nothing."
      >
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" /> Post challenge
        </Button>
      </ScreenHeader>
      <AdminQueryState query={challenges} label="challenges">
        {(data) =>
          data.challenges.length === 0 ? (
            <p className="rounded-xl border border-dashed bg-card p-6 text-sm text-muted-foreground">No challenges yet. Post the first one.</p>
          ) : (
            <div className="grid gap-6">
              {inOrder(data.challenges).map((c) => (
                <ChallengeReview key={c.id} challenge={c} onEdit={() => setEditing(c)} />
              ))}
            </div>
          )
        }
      </AdminQueryState>
      <ChallengeFormDialog open={editing !== null} challenge={editing === 'new' ? null : editing} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}

function ChallengeReview({ challenge: c, onEdit }: { challenge: AdminChallenge; onEdit: () => void }) {
  const decide = useDecideChallengeClaim();
  const [declining, setDeclining] = useState<AdminChallengeClaim | null>(null);
  const titleId = `admin-challenge-${c.id}`;
  const status = CHALLENGE_STATUS[c.status];
  // Submission order: only the oldest pending claim can be verified (the server says the same).
  const firstPending = c.claims.find((claim) => claim.status === 'pending')?.id ?? null;

  const onVerify = async (claim: AdminChallengeClaim) => {
    try {
      const decided = await decide.mutateAsync({ claimId: claim.id, decision: 'verify' });
      toast(
        decided.won
          ? { title: 'Claim verified', description: `${claim.user.username} won ${formatPoints(decided.prizePoints)} points.` }
          : { title: 'Claim verified', description: `${claim.user.username}'s claim is valid, but the winners were full: no prize.` },
      );
    } catch (e) {
      toastRequestError(e, 'Verify failed');
    }
  };

  const columns = useMemo<AdminColumn<AdminChallengeClaim>[]>(
    () => [
      { id: 'order', header: '#', accessorFn: (claim) => c.claims.indexOf(claim) + 1 },
      { id: 'user', header: 'Member', accessorFn: (claim) => claim.user.username },
      { id: 'bet', header: 'Bet', accessorFn: (claim) => claim.bet, cell: (cell) => formatUsd(cell.row.original.bet) },
      { id: 'win', header: 'Win', accessorFn: (claim) => claim.win, cell: (cell) => formatUsd(cell.row.original.win) },
      { id: 'multiplier', header: 'Multiplier', accessorFn: (claim) => claim.multiplier, cell: (cell) => times(cell.row.original.multiplier) },
      {
        id: 'proof',
        header: 'Proof',
        enableSorting: false,
        cell: (cell) => (
          <div className="flex flex-col gap-0.5">
            <a href={cell.row.original.betUrl} target="_blank" rel="noreferrer noopener" className="text-primary underline-offset-4 hover:underline">
              Bet link<span className="sr-only"> of {cell.row.original.user.username}</span>
            </a>
            {cell.row.original.screenshotUrl && (
              <a href={cell.row.original.screenshotUrl} target="_blank" rel="noreferrer noopener" className="text-primary underline-offset-4 hover:underline">
                Screenshot<span className="sr-only"> of {cell.row.original.user.username}</span>
              </a>
            )}
          </div>
        ),
      },
      { id: 'createdAt', header: 'Sent', accessorFn: (claim) => claim.createdAt, cell: (cell) => formatDateTime(cell.row.original.createdAt) },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (claim) => claim.status,
        cell: (cell) => {
          const s = claimStatus(cell.row.original);
          return (
            <div className="flex flex-col gap-0.5">
              <Badge variant={s.variant}>{s.label}</Badge>
              {cell.row.original.declineReason && <span className="text-xs text-muted-foreground">{cell.row.original.declineReason}</span>}
            </div>
          );
        },
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (cell) =>
          cell.row.original.status === 'pending' ? (
            <div className="flex gap-2">
              <Button
                size="sm"
                onClick={() => void onVerify(cell.row.original)}
                disabled={decide.isPending || cell.row.original.id !== firstPending}
                title={cell.row.original.id !== firstPending ? 'Decide the earlier claims first' : undefined}
                aria-label={`Verify the claim of ${cell.row.original.user.username}`}
              >
                Verify
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setDeclining(cell.row.original)}
                aria-label={`Decline the claim of ${cell.row.original.user.username}`}
              >
                Decline
              </Button>
            </div>
          ) : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [c.claims, decide.isPending, firstPending],
  );

  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-xl border bg-card p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {c.title}
        </h2>
        <Badge variant={status.variant}>{status.label}</Badge>
        {c.pendingClaims > 0 && <Badge variant="secondary">{c.pendingClaims} to review</Badge>}
        {c.status !== 'completed' && (
          <Button size="sm" variant="outline" className="ml-auto" onClick={onEdit} aria-label={`Edit ${c.title}`}>
            Edit
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label="Game" value={`${c.game} at ${c.partnerName}`} />
        <Fact label="Target" value={`${times(c.targetMultiplier)}, min bet ${formatUsd(c.minBet)}`} />
        <Fact label="Prize" value={`${formatPoints(c.prizePoints)} points · ${c.winnersCount} of ${c.winners} won`} />
        <Fact label="Window" value={`${formatDateTime(c.startsAt)} – ${formatDateTime(c.endsAt)}`} />
      </dl>
      <DataTable
        caption={`Claims on ${c.title}, in submission order`}
        columns={columns}
        data={c.claims}
        emptyText="No claims yet."
        getRowId={(claim) => claim.id}
        pageSize={10}
      />
      <DeclineDialog
        open={declining !== null}
        title="Decline claim"
        description={declining ? `${declining.user.username}: ${times(declining.multiplier)} on ${c.title}. The member sees the reason.` : ''}
        schema={ChallengeDeclineSchema}
        isPending={decide.isPending}
        onDecline={async (reason) => {
          if (!declining) return;
          await decide.mutateAsync({ claimId: declining.id, decision: 'decline', reason });
          toast({ title: 'Claim declined', description: `${declining.user.username} will see your reason.` });
        }}
        onOpenChange={(open) => !open && setDeclining(null)}
      />
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
