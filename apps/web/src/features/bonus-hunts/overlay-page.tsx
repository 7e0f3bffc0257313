import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { HuntDetail } from '@app/shared/api/bonus-hunts';
import { formatCents } from '@app/shared/domain/money-cents';
import { overlayRowsOf, useOverlayPage } from '@/lib/use-overlay-page';
import { useHunt } from './api/get-hunts';
import { BonusTable } from './bonus-table';
import { HuntFigures, STATUS_LABELS } from './hunt-figures';

/** `?rows=N`: 8 rows fit a 1080p canvas under the figures; more come page by page. */
export const HUNT_OVERLAY_ROWS = { fallback: 8, max: 50 } as const;
/** How long the overlay shows one page of bonuses. */
export const HUNT_OVERLAY_PAGE_MS = 8_000;

/**
 * The stream overlay (/overlay/bonus-hunt/:id?rows=N): read-only, no sign-in, no header or footer,
 * on a transparent page for broadcast software; the live figures and the bonuses N at a time (the
 * pages take turns), the current bonus marked. Finished: the final balance and the Guess the
 * Balance winners.
 */
export default function OverlayPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const rows = overlayRowsOf(params, HUNT_OVERLAY_ROWS.fallback, HUNT_OVERLAY_ROWS.max);
  const query = useHunt(id);
  useOverlayPage();

  if (!query.data) {
    return (
      <div className="p-4 text-xl" role="status">
        {query.isError ? 'This hunt could not be loaded.' : 'Loading…'}
      </div>
    );
  }
  const { hunt } = query.data;
  return (
    <div className="flex max-w-3xl flex-col gap-3 rounded-xl bg-background/85 p-4 text-foreground">
      <h1 className="flex items-center justify-between gap-2 text-2xl font-bold">
        <span>{hunt.title}</span>
        <span className="text-xl font-medium">{STATUS_LABELS[hunt.status]}</span>
      </h1>
      <HuntFigures hunt={hunt} compact isFinalShown />
      {hunt.status === 'finished' ? <OverlayWinners detail={query.data} /> : <PagedBonuses detail={query.data} rows={rows} />}
    </div>
  );
}

function PagedBonuses({ detail, rows }: { detail: HuntDetail; rows: number }) {
  const pages = Math.max(1, Math.ceil(detail.bonuses.length / rows));
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (pages <= 1) return;
    const timer = setInterval(() => setTurn((t) => t + 1), HUNT_OVERLAY_PAGE_MS);
    return () => clearInterval(timer);
  }, [pages]);
  const page = turn % pages;
  return (
    <>
      <BonusTable hunt={detail.hunt} bonuses={detail.bonuses} compact page={{ from: page * rows, to: (page + 1) * rows }} />
      {pages > 1 && (
        <p className="text-xl text-muted-foreground">
          Page {page + 1} of {pages}
        </p>
      )}
    </>
  );
}

/** A finished hunt's Guess the Balance winners (the read lists guesses closest first once finished). */
function OverlayWinners({ detail }: { detail: HuntDetail }) {
  const winners = (detail.guesses ?? []).filter((g) => g.place !== null).sort((a, b) => a.place! - b.place!);
  const money = (c: number) => formatCents(c, detail.hunt.currency);
  return (
    <section aria-labelledby="overlay-gtb-title" className="grid gap-1">
      <h2 id="overlay-gtb-title" className="text-xl font-bold">
        Guess the Balance winners
      </h2>
      {winners.length === 0 ? (
        <p className="text-xl">No guesses this time.</p>
      ) : (
        <ol className="grid gap-1 text-xl" aria-label="Guess the Balance winners">
          {winners.map((g) => (
            <li key={g.id} className="flex flex-wrap gap-x-3 tabular-nums">
              <span className="font-semibold">
                {g.place}. {g.username}
              </span>
              <span>{money(g.amount)}</span>
              {g.prize !== null && <span>{g.prize.toLocaleString('en-US')} pts</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
