import { Flag, Target, Trophy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Challenge } from '@app/shared/api/challenges';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useChallenges } from '@/lib/api/get-challenges';
import { ChallengeClaims } from './challenge-claims';
import { ClaimForm } from './claim-form';
import { formatPoints, formatTimes, formatUsd, formatWhen } from './format';

/** /challenges: the running and upcoming challenges with their claim forms, the member's claims, and the latest completed. */
export default function ChallengesPage() {
  const challenges = useChallenges();
  return (
    <section aria-labelledby="challenges-title" className="mx-auto max-w-5xl px-4 py-10">
      <h1 id="challenges-title" className="text-3xl font-extrabold tracking-tight">
        Challenges
      </h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Hit the target multiplier on the named game at a partner casino with at least the minimum bet, then send the bet&apos;s link. An admin checks the claims
        in the order they arrive; the first verified ones win the points prize until the challenge&apos;s winners are full.
      </p>
      <QueryState query={challenges} layout="section" className="mt-10" loading="Loading the challenges…" failure="The challenges" retryLabel="Retry">
        {(data) => (
          <>
            <section aria-labelledby="challenges-open-title" className="mt-8">
              <h2 id="challenges-open-title" className="sr-only">
                Active and upcoming challenges
              </h2>
              {data.challenges.length === 0 ? (
                <div role="note" className="rounded-xl border border-dashed bg-card p-6 text-muted-foreground">
                  No challenges are running right now. New ones are posted here: check back soon.
                </div>
              ) : (
                <ul className="grid gap-4">
                  {data.challenges.map((c) => (
                    <li key={c.id}>
                      <ChallengeCard challenge={c} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {data.completed.length > 0 && (
              <section aria-labelledby="challenges-done-title" className="mt-10">
                <h2 id="challenges-done-title" className="text-lg font-semibold">
                  Completed
                </h2>
                <ul className="mt-3 grid gap-4">
                  {data.completed.map((c) => (
                    <li key={c.id}>
                      <ChallengeCard challenge={c} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

const STATUS: Record<Challenge['status'], { label: string; variant: 'success' | 'secondary' | 'outline' }> = {
  active: { label: 'Active', variant: 'success' },
  upcoming: { label: 'Upcoming', variant: 'secondary' },
  completed: { label: 'Completed', variant: 'outline' },
};

function ChallengeCard({ challenge: c }: { challenge: Challenge }) {
  const [isClaiming, setIsClaiming] = useState(false);
  const titleId = `challenge-${c.id}-title`;
  const hasOpenClaim = c.myClaims.some((m) => m.status !== 'declined');
  const canClaim = c.status === 'active' && c.winnersLeft > 0 && !hasOpenClaim;
  const status = STATUS[c.status];
  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          {c.title}
        </h3>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {c.game} at {c.partnerName}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact icon={<Trophy className="size-4" aria-hidden="true" />} label="Prize" value={`${formatPoints(c.prizePoints)} points`} />
        <Fact
          icon={<Target className="size-4" aria-hidden="true" />}
          label="Target"
          value={`${formatTimes(c.targetMultiplier)} · min ${formatUsd(c.minBet)}`}
        />
        <Fact icon={<Flag className="size-4" aria-hidden="true" />} label="Winners left" value={`${c.winnersLeft} of ${c.winners}`} />
        <Fact
          label={c.status === 'upcoming' ? 'Starts' : c.status === 'completed' ? 'Ended' : 'Ends'}
          value={formatWhen(c.status === 'upcoming' ? c.startsAt : (c.completedAt ?? c.endsAt))}
        />
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">
        Window: {formatWhen(c.startsAt)} – {formatWhen(c.endsAt)}
      </p>
      {canClaim &&
        (isClaiming ? (
          <ClaimForm challenge={c} onSent={() => setIsClaiming(false)} />
        ) : (
          <Button className="mt-4" onClick={() => setIsClaiming(true)} aria-label={`Claim ${c.title}`}>
            Claim
          </Button>
        ))}
      <ChallengeClaims claims={c.myClaims} titleId={`${titleId}-claims`} />
    </article>
  );
}

function Fact({ label, value, icon }: { label: string; value: string; icon?: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}
