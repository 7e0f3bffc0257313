// Texts of the public standings that /leaderboard and the landing page's top 5 share (both import
// this from their lazy chunks, so it stays out of the entry script).

/** The public board with no active race. */
export const NO_ACTIVE_RACE_TEXT = 'No monthly race is running right now. The next one will show here as soon as it starts.';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The partner casino's sync is late: what /leaderboard and the landing table say instead of showing the standings as current. */
export function delayedStandingsText(dataAsOf: string | null): string {
  return dataAsOf
    ? `Standings are delayed: the casino's data has not arrived since ${when.format(new Date(dataAsOf))}.`
    : "Standings are delayed: the casino's data has not arrived yet.";
}
