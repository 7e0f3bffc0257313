// The bonus-hunts module's public file: what other modules may use (eslint/server-layers.js).
export { type HuntStatusChange, onHuntStatusChanged } from './hunt-hooks.ts';
export { liveHuntSlotIds } from './list-hunts.ts';
