// The wagers module's public file: what other modules may use (eslint/server-layers.js).
export { creditAccount, refreshXp } from './crediting.ts';
export { isDemoPlayerEmail } from './demo-feed.ts';
export { partnerSyncState } from './sync-service.ts';
export { announceWagersMoved, onWagersMoved } from './wagers-moved.ts';
