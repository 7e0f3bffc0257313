// The bonus-hunts module's public file: what other modules may use (eslint/server-layers.js).
export { type HuntStatusChange, onHuntStatusChanged } from './hunt-hooks.ts';
export { liveHuntSlotIds } from './list-hunts.ts';
export { createHunt } from './create-hunt.ts';
export { addBonus, updateBonus } from './edit-bonuses.ts';
export { submitGuess } from './guess-balance.ts';
export { setHuntStatus } from './set-hunt-status.ts';
