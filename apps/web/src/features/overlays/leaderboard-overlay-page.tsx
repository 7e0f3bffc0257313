import { useSearchParams } from 'react-router';
import { formatEndsIn } from '@app/shared/domain/leaderboards';
import { useLeaderboard } from '@/lib/api/get-leaderboard';
import { NO_ACTIVE_RACE_TEXT, delayedStandingsText } from '@/lib/races/standings-texts';
import { useNow } from '@/lib/use-now';
import { overlayRowsOf, useOverlayPage } from '@/lib/use-overlay-page';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** The public board's top 18 is all there is; 10 rows fit 1080p with the title. */
export const LEADERBOARD_OVERLAY_ROWS = { fallback: 10, max: 18 } as const;

/**
 * The leaderboard overlay (/overlay/leaderboard?rows=N): the featured race's standings as the public
 * board shows them (names masked unless a member chose to show theirs), the first N rows.
 */
export default function LeaderboardOverlayPage() {
  useOverlayPage();
  const [params] = useSearchParams();
  const rows = overlayRowsOf(params, LEADERBOARD_OVERLAY_ROWS.fallback, LEADERBOARD_OVERLAY_ROWS.max);
  const query = useLeaderboard();
  const now = useNow({ intervalMs: 60_000 });
  const data = query.data;
  return (
    <div className="p-[1rem]">
      <section aria-labelledby="leaderboard-overlay-title" className="flex max-w-3xl flex-col gap-2 rounded-xl bg-background/85 p-4 text-foreground">
        <h1 id="leaderboard-overlay-title" className="flex flex-wrap items-baseline justify-between gap-x-4 text-2xl font-bold">
          <span>{data?.race?.name ?? 'Leaderboard'}</span>
          {data?.race && (
            <span className="text-xl font-semibold">
              {usdWhole.format(data.race.prizePool)} · ends in {formatEndsIn(data.race.endDate, now)}
            </span>
          )}
        </h1>
        {!data ? (
          <p role="status">{query.isError ? 'The leaderboard could not be loaded.' : 'Loading…'}</p>
        ) : !data.race ? (
          <p role="status">{NO_ACTIVE_RACE_TEXT}</p>
        ) : (
          <>
            {data.delayed && <p role="status">{delayedStandingsText(data.dataAsOf)}</p>}
            {data.standings.length === 0 ? (
              <p role="status">No wagers yet.</p>
            ) : (
              <table className="w-full text-xl tabular-nums">
                <caption className="sr-only">Standings, top {Math.min(rows, data.standings.length)}</caption>
                <thead>
                  <tr className="text-left">
                    <th scope="col" className="pr-4">
                      #
                    </th>
                    <th scope="col" className="pr-4">
                      Player
                    </th>
                    <th scope="col" className="pr-4 text-right">
                      Wagered
                    </th>
                    <th scope="col" className="text-right">
                      Prize
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.standings.slice(0, rows).map((s) => (
                    <tr key={s.id}>
                      <td className="pr-4">{s.position}</td>
                      <td className="pr-4 font-semibold">{s.username}</td>
                      <td className="pr-4 text-right">{usd.format(s.wagered)}</td>
                      <td className="text-right">{s.prize > 0 ? usdWhole.format(s.prize) : '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </section>
    </div>
  );
}
