import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { BANKER_FIRST_SHARE, BANKER_LAST_SHARE, DEAL_OR_NO_DEAL_PRESETS, openingSchedule } from '@app/shared/games/deal-or-no-deal';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOpenAuth } from '@/lib/use-open-auth';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useJoinDealOrNoDeal, useMoveDealOrNoDeal } from './api/deal-or-no-deal-actions';
import { useDealOrNoDeal } from './api/get-deal-or-no-deal';
import { DealOrNoDealBoard, dealOrNoDealStatusText } from './deal-or-no-deal-board';
import { DealOrNoDealArt } from './deal-or-no-deal-placeholder';
import { requestVerify } from '../fairness/verify-request';

const pts = (n: number) => n.toLocaleString('en-US');

/** A round that runs: entries open or in play. Its board takes the place of the spec's image. */
const isRunning = (round: DealOrNoDealRound | null): round is DealOrNoDealRound => round?.status === 'open' || round?.status === 'playing';

/**
 * /games/dealornodeal, a stream game, not a bet: while a round runs its board replaces the spec's
 * image; otherwise the image is the empty state, with when the next round is, how to join and the
 * last result. Live for everyone.
 */
export default function DealOrNoDealGame() {
  const query = useDealOrNoDeal();
  const round = query.data?.round ?? null;
  const running = isRunning(round);
  return (
    <div className="grid gap-4">
      {!running && <DealOrNoDealArt />}
      <section aria-labelledby="dond-round-title" className={cn('grid gap-4 px-4 pb-4', running && 'pt-4')}>
        <h2 id="dond-round-title" className="text-xl font-bold">
          {running ? `Round #${round.roundNumber}` : 'The next round'}
        </h2>
        {query.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading the round…
          </p>
        ) : query.isError && !round ? (
          <p role="alert" className="text-sm">
            The round could not be loaded. It will try again in a moment.
          </p>
        ) : running ? (
          <RoundView round={round} />
        ) : (
          <BetweenRounds round={round} />
        )}
        <BankerRules />
      </section>
    </div>
  );
}

/** No round runs: when the next one is, how to join it, and the last result with its board. */
function BetweenRounds({ round }: { round: DealOrNoDealRound | null }) {
  const ended = round && (round.status === 'finished' || round.status === 'cancelled') ? round : null;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="rounded-lg border p-3">
          <dt className="font-semibold">When</dt>
          <dd className="text-muted-foreground">
            {round?.status === 'draft'
              ? `Round #${round.roundNumber} is being prepared: entries open soon, during the stream.`
              : 'The next round opens during the stream, when the streamer starts it. This page updates by itself.'}
          </dd>
        </div>
        <div className="rounded-lg border p-3">
          <dt className="font-semibold">How to join</dt>
          <dd className="text-muted-foreground">
            While entries are open, press Join the next round here or type !dond in the stream chat with a linked Kick account. One contestant is drawn from
            everyone who joined and plays the board live.
          </dd>
        </div>
      </dl>
      <section aria-labelledby="dond-last-result" className="grid gap-3">
        <h3 id="dond-last-result" className="font-semibold">
          Last result
        </h3>
        {ended ? (
          <>
            <p aria-live="polite" className="font-medium">
              {dealOrNoDealStatusText(ended)}
            </p>
            {ended.status === 'finished' && <DealOrNoDealBoard round={ended} />}
            <Fairness round={ended} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No round has been played yet.</p>
        )}
      </section>
    </div>
  );
}

function RoundView({ round }: { round: DealOrNoDealRound }) {
  const { user } = useSession();
  const openAuth = useOpenAuth();
  const join = useJoinDealOrNoDeal();
  const isOpen = round.status === 'open';
  const canJoin = isOpen && !round.entered;
  return (
    <div className="grid gap-4">
      <p aria-live="polite" className="font-medium">
        {dealOrNoDealStatusText(round)}
      </p>
      {isOpen && (
        <div className="flex flex-wrap items-center gap-3">
          {round.entered ? (
            <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">You're in. The contestant is drawn when entries close.</p>
          ) : (
            <Button disabled={(!!user && !canJoin) || join.isPending} onClick={() => (user ? canJoin && join.mutate(round.id) : openAuth())}>
              Join the next round
            </Button>
          )}
          <span className="text-sm text-muted-foreground">Or type !dond in the stream chat with a linked Kick account.</span>
        </div>
      )}
      <Contestant round={round} />
      <Fairness round={round} />
    </div>
  );
}

/** The board's published hash, and once the round has ended its seed and Verify this board. */
function Fairness({ round }: { round: DealOrNoDealRound }) {
  return (
    <>
      {round.fairness.serverSeedHash && (
        <p className="text-xs break-all text-muted-foreground">
          Board hash (SHA-256 of the server seed): <span className="font-mono">{round.fairness.serverSeedHash}</span>
          {round.fairness.serverSeed && (
            <>
              {' '}
              · server seed <span className="font-mono">{round.fairness.serverSeed}</span> · client seed{' '}
              <span className="font-mono">{round.fairness.clientSeed}</span> · nonce {round.fairness.nonce} · case values in order{' '}
              <span className="font-mono">{round.values.join(', ')}</span>.
            </>
          )}
        </p>
      )}
      {round.fairness.serverSeed && (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              requestVerify({
                game: 'dealornodeal',
                serverSeed: round.fairness.serverSeed!,
                clientSeed: round.fairness.clientSeed,
                nonce: round.fairness.nonce,
                settings: { dealOrNoDealValues: round.values.join(', ') },
              })
            }
          >
            <ShieldCheck aria-hidden="true" /> Verify this board
          </Button>
        </div>
      )}
    </>
  );
}

function Contestant({ round }: { round: DealOrNoDealRound }) {
  const move = useMoveDealOrNoDeal(round.id);
  const mine = round.isContestant === true && round.status === 'playing';
  const onCase =
    mine && (round.stage === 'pick' || round.stage === 'open')
      ? (c: number) => move.mutate(round.stage === 'pick' ? { action: 'pick', case: c } : { action: 'open', case: c })
      : undefined;
  const offer = round.offers.at(-1);
  return (
    <div className="grid gap-3">
      {round.contestant && (
        <p className="text-sm">
          Contestant: <span className="font-semibold">{round.contestant.username}</span>
          {mine && ' (you)'}
        </p>
      )}
      {mine && round.stage === 'pick' && <p className="font-semibold">Pick the case you keep.</p>}
      {mine && round.stage === 'open' && (
        <p className="font-semibold">
          Open {round.toOpen} more case{round.toOpen === 1 ? '' : 's'}.
        </p>
      )}
      {mine && round.stage === 'offer' && offer && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
          <p className="font-semibold">The banker offers {pts(offer.amount)} points.</p>
          <Button disabled={move.isPending} onClick={() => move.mutate({ action: 'deal' })}>
            Deal
          </Button>
          <Button variant="outline" disabled={move.isPending} onClick={() => move.mutate({ action: 'no_deal' })}>
            No Deal
          </Button>
        </div>
      )}
      {mine && round.stage === 'final' && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
          <p className="font-semibold">Keep your case, or swap it for the last one?</p>
          <Button disabled={move.isPending} onClick={() => move.mutate({ action: 'final', swap: false })}>
            Keep my case
          </Button>
          <Button variant="outline" disabled={move.isPending} onClick={() => move.mutate({ action: 'final', swap: true })}>
            Swap
          </Button>
        </div>
      )}
      {mine && <p className="text-xs text-muted-foreground">No move for 2 minutes takes the current offer for you.</p>}
      <DealOrNoDealBoard round={round} onCase={onCase} pending={move.isPending} />
    </div>
  );
}

/** How the banker counts (packages/shared/src/games/deal-or-no-deal.ts). */
function BankerRules() {
  return (
    <details className="rounded-lg border p-3 text-sm">
      <summary className="cursor-pointer font-semibold">How the banker makes an offer</summary>
      <div className="mt-2 grid gap-2 text-muted-foreground">
        <p>
          After each round the banker offers the average of the values still in play (your own case included) times a share that rises evenly from{' '}
          {BANKER_FIRST_SHARE}% after the first round to {BANKER_LAST_SHARE}% after the last, rounded down to whole points.
        </p>
        <p>
          With 26 cases you open {openingSchedule(26).join(', ')} cases; with 16 cases {openingSchedule(16).join(', ')}. Then you may keep your case or swap it
          for the last one. The 16-case preset holds {pts(DEAL_OR_NO_DEAL_PRESETS[16].reduce((a, b) => a + b, 0))} points in total.
        </p>
        <p>
          The cases are shuffled by the provably-fair engine before entries open (its seed's hash is shown), and the contestant is drawn from the entrants with
          the raffle draw. When the round ends the seed is shown, and Verify this board (Fairness → Verify) rebuilds it.
        </p>
      </div>
    </details>
  );
}
