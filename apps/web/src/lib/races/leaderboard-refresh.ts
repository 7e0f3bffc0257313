// Kept apart from lib/api/get-leaderboard.ts, which imports TanStack Query: the landing page's entry
// script shows this text without loading the query library (the entry script's size budget).

/** How often the public standings are read again while /leaderboard or the landing page is open. */
export const LEADERBOARD_POLL_MS = 30_000;

/** The landing table's note (spec 1 §2 'Updated hourly', made true: the real interval of the poll above). */
export const LEADERBOARD_REFRESH_NOTE = `Updated every ${LEADERBOARD_POLL_MS / 1000} seconds`;
