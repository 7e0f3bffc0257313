/**
 * The live channel's public topics (GET /api/events?topics=): the server refuses a stream asking for
 * anything else (400), and the web client drops a page's topic that does not match rather than
 * lose the channel for every page. No schema library here: the web's first bundle imports it.
 */
export const LIVE_TOPIC_PATTERN = /^(race|raffle:[0-9a-f-]{36}|hunt:[0-9a-f-]{36}|dond|giveaways|predictions|alerts)$/i;

/** At most this many topics a stream; `race` is always one. */
export const MAX_LIVE_TOPICS = 10;
