// The first segment of every admin screen's cache. An act whose effects reach across screens (an
// order decided, a wager import, a raffle saved or drawn, a bot switch) refreshes them all with it;
// each screen's query options build their key on it.
export const adminQueryKey = ['admin'] as const;
