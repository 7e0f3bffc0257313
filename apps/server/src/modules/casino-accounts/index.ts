// The casino-accounts module's public file: what other modules may use (eslint/server-layers.js).
export { presentAdminCasinoAccount, presentCasinoAccount } from './casino-account-presenter.ts';
export { linkProfilePartners } from './casino-accounts-service.ts';
export { type AccountWithFigures, accountsWithFigures } from './wager-figures.ts';
