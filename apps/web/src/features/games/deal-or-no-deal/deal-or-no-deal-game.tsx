import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { BANKER_FIRST_SHARE, BANKER_LAST_SHARE, DEAL_OR_NO_DEAL_PRESETS, openingSchedule } from '@app/shared/games/deal-or-no-deal';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOpenAuth } from '@/lib/use-open-auth';
import { useSession } from '@/lib/session';
import { useJoinDealOrNoDeal, useMoveDealOrNoDeal } from './api/deal-or-no-deal-actions';
import { useDealOrNoDeal } from './api/get-deal-or-no-deal';
import { DealOrNoDealBoard, dealOrNoDealStatusText } from './deal-or-no-deal-board';
import { DealOrNoDealArt } from './deal-or-no-deal-placeholder';
import { requestVerify } from '../fairness/verify-request';

const pts = (n: number) => n.toLocaleString('en-US');

/** /games/dealornodeal: the spec's image, then the current or next round, live for everyone. */
export default function DealOrNoDealGame() {
  const query = useDealOrNoDeal();
  const round = query.data?.round ?? null;
  return (
    <div className="grid gap-4">
      <DealOrNoDealArt />
      <section aria-labelledby="dond-round-title" className="grid gap-4 px-4 pb-4">
        <h2 id="dond-round-title" className="text-xl font-bold">
          {round ? `Round #${round.roundNumber}` : 'The next round'}
        </h2>
        {query.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading the round…
          </p>
        ) : query.isError && !round ? (
          <p role="alert" className="text-sm">
            The round could not be loaded. It will try again in a moment.
          </p>
        ) : (
          <RoundView round={round} />
        )}
        <BankerRules />
      </section>
    </div>
  );
}

function RoundView({ round }: { round: DealOrNoDealRound | null }) {
  const { user } = useSession();
  const openAuth = useOpenAuth();
  const join = useJoinDealOrNoDeal();
  const isOpen = round?.status === 'open';
  const isPlaying = round?.status === 'playing' || round?.status === 'finished';
  const canJoin = isOpen && !round.entered;
  return (
    <div className="grid gap-4">
      <p aria-live="polite" className="font-medium">
        {round ? dealOrNoDealStatusText(round) : 'No round yet. The next one opens during the stream.'}
      </p>
      {(!round || round.status !== 'playing') && (
        <div className="flex flex-wrap items-center gap-3">
          {round?.entered && isOpen ? (
            <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">You're in. The contestant is drawn when entries close.</p>
          ) : (
            <Button disabled={(!!user && !canJoin) || join.isPending} onClick={() => (user ? canJoin && join.mutate(round.id) : openAuth())}>
              Join the next round
            </Button>
          )}
          <span className="text-sm text-muted-foreground">
            {isOpen ? 'Or type !dond in the stream chat with a linked Kick account.' : 'Entries open when the streamer starts a round.'}
          </span>
        </div>
      )}
      {round && (isPlaying || isOpen) && <Contestant round={round} />}
      {round?.fairness.serverSeedHash && (
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
      {round?.fairness.serverSeed && (
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
    </div>
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
