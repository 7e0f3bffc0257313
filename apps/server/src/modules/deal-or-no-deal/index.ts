// The deal-or-no-deal module's public file: what other modules may use (eslint/server-layers.js).
export { createRound } from './create-round.ts';
export { openRound } from './open-round.ts';
export { joinRound } from './join-round.ts';
export { closeRound } from './close-round.ts';
export { makeMove } from './make-move.ts';
