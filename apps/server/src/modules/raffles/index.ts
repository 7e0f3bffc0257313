// The raffles module's public file: what other modules may use (eslint/server-layers.js).
export { insertRaffle } from './create-raffle.ts';
export { drawRaffle } from './draw-raffle.ts';
export { raffleStatus } from './raffle-presenter.ts';
