// The store module's public file: what other modules may use (eslint/server-layers.js).
export { orderLevelRewardItem } from './store-service.ts';
