import { useOverlayPage } from '@/lib/use-overlay-page';
import { useDealOrNoDeal } from './api/get-deal-or-no-deal';
import { DealOrNoDealBoard, dealOrNoDealStatusText } from './deal-or-no-deal-board';

/**
 * The stream overlay (/overlay/dealornodeal): read-only, no sign-in, no header or footer, on a
 * transparent page for broadcast software; the same board the game page shows, polled. While the
 * banker's offer waits, the contestant is named: the stream watches their answer.
 */
export default function DealOrNoDealOverlayPage() {
  const query = useDealOrNoDeal();
  useOverlayPage();

  const round = query.data?.round ?? null;
  const waitingOn = round?.status === 'playing' && round.stage === 'offer' ? (round.contestant?.username ?? null) : null;
  return (
    <div className="flex max-w-3xl flex-col gap-3 rounded-xl bg-background/85 p-4 text-foreground">
      <h1 className="text-2xl font-bold">{round ? `Deal or No Deal #${round.roundNumber}` : 'Deal or No Deal'}</h1>
      {!query.data ? (
        <p className="text-xl" role="status">
          {query.isError ? 'The round could not be loaded.' : 'Loading…'}
        </p>
      ) : (
        <>
          {waitingOn && <p className="text-2xl font-bold">{waitingOn}, Deal or No Deal?</p>}
          <p className="text-xl" aria-live="polite">
            {round ? dealOrNoDealStatusText(round) : 'No round yet.'}
          </p>
          {round && <DealOrNoDealBoard round={round} />}
        </>
      )}
    </div>
  );
}
