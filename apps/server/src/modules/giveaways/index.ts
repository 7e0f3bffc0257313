// The giveaways module's public file: what other modules may use (eslint/server-layers.js).
export { enterFromChat } from './enter-giveaway.ts';
export { closeGiveawayNow } from './close-giveaway.ts';
export { drawGiveawayNow } from './draw-giveaway.ts';
