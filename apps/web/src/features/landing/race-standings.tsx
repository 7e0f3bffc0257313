import type { Standing } from '@app/shared/api/races';
import { loadFailedText, RetryButton } from '@/components/load-failed';
import { NO_ACTIVE_RACE_TEXT, delayedStandingsText } from '@/lib/races/standings-texts';
import { LANDING_RACE_ROWS, RACE_ROW_CLASS, RaceStandingsFrame, RaceStandingsLoading, RaceStandingsMessage, RaceTable } from './race-standings-frame';
import { useLandingStandings } from './use-landing-standings';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * The landing page's top 5 (spec 1 §2), a lazy chunk: the featured race's standings as /leaderboard
 * reads them (GET /api/leaderboard, usernames masked by the server), read again every 30 seconds
 * (useLandingStandings: a plain fetch, without TanStack Query, for the landing's script budget).
 */
export default function LandingRaceStandings() {
  const query = useLandingStandings();
  if (query.status === 'pending') return <RaceStandingsLoading />;
  if (query.status === 'error') {
    return (
      <RaceStandingsMessage>
        {/* QueryState's words and retry without its icons (none in this chunk); the alert says what failed, the retry stays outside it. */}
        <p role="alert" className="font-medium">
          {loadFailedText('The leaderboard', query.error)}
        </p>
        <RetryButton onRetry={query.refetch} />
      </RaceStandingsMessage>
    );
  }
  const { race, standings, delayed, dataAsOf } = query.data;
  // The casino's data is late: say so instead of the refresh interval, as /leaderboard does. (No
  // icons in this chunk: the landing page would load the shared icon chunk for them.)
  const note = delayed ? <span role="status">{delayedStandingsText(dataAsOf)}</span> : undefined;
  if (!race) {
    return (
      <RaceStandingsMessage>
        <p className="max-w-md text-muted-foreground">{NO_ACTIVE_RACE_TEXT}</p>
      </RaceStandingsMessage>
    );
  }
  const top = standings.slice(0, LANDING_RACE_ROWS);
  return (
    <RaceStandingsFrame note={note}>
      <RaceTable>
        {top.map((entry) => (
          <StandingRow key={entry.id} entry={entry} />
        ))}
        {/* Positions nobody holds yet keep their row, so the table never changes height. */}
        {Array.from({ length: LANDING_RACE_ROWS - top.length }, (_, i) => (
          <tr key={`open-${i}`} className={RACE_ROW_CLASS}>
            <td className="px-4 font-semibold">#{top.length + i + 1}</td>
            <td className="px-4 text-muted-foreground">–</td>
            <td className="px-4 text-right text-muted-foreground">–</td>
            <td className="px-4 text-right text-muted-foreground">–</td>
          </tr>
        ))}
      </RaceTable>
    </RaceStandingsFrame>
  );
}

function StandingRow({ entry }: { entry: Standing }) {
  return (
    <tr className={RACE_ROW_CLASS}>
      <td className="px-4 font-semibold">#{entry.position}</td>
      <th scope="row" className="px-4 font-normal">
        {entry.username}
      </th>
      <td className="px-4 text-right tabular-nums">{usd.format(entry.wagered)}</td>
      <td className="px-4 text-right font-semibold text-success tabular-nums">{usdWhole.format(entry.prize)}</td>
    </tr>
  );
}
