import type { ReactNode } from 'react';
import { LEADERBOARD_REFRESH_NOTE } from '@/lib/races/leaderboard-refresh';
import { useScrollFocusable } from '@/lib/use-scroll-focusable';
import { clsx } from 'clsx';

// The landing page's top-5 table in every state (loading, standings, no race, failure) has the same
// size: a header row and five rows of a fixed height, so nothing below it moves when the standings
// arrive (Lighthouse CLS < 0.05). This file is in the entry script; the standings
// themselves come with a lazy chunk (race-standings.tsx), which loads TanStack Query.

/** spec 1 §2: the landing page shows the race's top 5. */
export const LANDING_RACE_ROWS = 5;

/** Every body row, loading or not: a fixed height (over the natural 44 px), never wrapping. */
export const RACE_ROW_CLASS = 'h-12 border-b last:border-0 whitespace-nowrap';

type RaceStandingsFrameProps = {
  children: ReactNode;
  /** Under the table: the refresh interval, or why the standings are not current. */
  note?: ReactNode;
  isBusy?: boolean;
};

/** The scrollable 'Race standings' region and the note under it. */
export function RaceStandingsFrame({ children, note = LEADERBOARD_REFRESH_NOTE, isBusy = false }: RaceStandingsFrameProps) {
  const scrollRef = useScrollFocusable<HTMLDivElement>();
  return (
    <>
      <div ref={scrollRef} role="region" aria-label="Race standings" aria-busy={isBusy || undefined} className="mt-6 overflow-x-auto rounded-xl border bg-card">
        {children}
      </div>
      <p className="mt-2 text-xs text-muted-foreground">{note}</p>
    </>
  );
}

/** The table with its header row; `children` are its five body rows. */
export function RaceTable({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <table className={clsx('w-full text-left text-sm', className)}>
      <caption className="sr-only">Top {LANDING_RACE_ROWS} of the monthly leaderboard race</caption>
      <thead className="border-b text-muted-foreground">
        <tr>
          <th scope="col" className="px-4 py-3">
            Rank
          </th>
          <th scope="col" className="px-4 py-3">
            Player
          </th>
          <th scope="col" className="px-4 py-3 text-right">
            Wagered
          </th>
          <th scope="col" className="px-4 py-3 text-right">
            Prize
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

// The placeholders' widths, cell by cell: rank, player, wagered, prize.
const PLACEHOLDER_CELLS = ['w-6', 'w-24', 'ml-auto w-20', 'ml-auto w-14'];

function PlaceholderRows() {
  return Array.from({ length: LANDING_RACE_ROWS }, (_, i) => (
    <tr key={i} className={RACE_ROW_CLASS}>
      {PLACEHOLDER_CELLS.map((width) => (
        <td key={width} className="px-4">
          {/* Skeleton's look without its tailwind-merge (the entry script's budget: plain-button.tsx). */}
          <span aria-hidden="true" data-slot="skeleton" className={clsx('block h-4 rounded-md bg-muted motion-safe:animate-pulse', width)} />
        </td>
      ))}
    </tr>
  ));
}

/** While the standings load (and while their chunk does): the table's shape, placeholders in its cells. */
export function RaceStandingsLoading() {
  return (
    <RaceStandingsFrame isBusy>
      <RaceTable>
        <PlaceholderRows />
      </RaceTable>
      <p role="status" className="sr-only">
        Loading the standings…
      </p>
    </RaceStandingsFrame>
  );
}

/** A message in place of the rows (no race, or a failure), in a box of the table's size. */
export function RaceStandingsMessage({ children, note }: { children: ReactNode; note?: ReactNode }) {
  return (
    <RaceStandingsFrame note={note}>
      <div className="relative">
        {/* Only to size the box like the table; hidden from everyone. */}
        <RaceTable className="invisible">
          <PlaceholderRows />
        </RaceTable>
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">{children}</div>
      </div>
    </RaceStandingsFrame>
  );
}

/** The standings' chunk did not load (offline, or a deploy replaced it): the page stays, the table says so. */
export function RaceStandingsUnavailable() {
  return (
    <RaceStandingsMessage>
      <p role="alert" className="font-medium">
        The leaderboard could not be loaded. Check your connection and try again.
      </p>
    </RaceStandingsMessage>
  );
}
