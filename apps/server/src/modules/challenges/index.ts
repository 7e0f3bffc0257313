// The challenges module's public file: what other modules may use (eslint/server-layers.js).
export { challengeStatus } from './challenge-presenter.ts';
export { createChallenge } from './create-challenge.ts';
