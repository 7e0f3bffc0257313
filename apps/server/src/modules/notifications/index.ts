// The notifications module's public file: what other modules may use (eslint/server-layers.js).
export {
  adminCasinoAccountPendingText,
  adminChallengeClaimPendingText,
  adminClaimPendingText,
  adminOrderPendingText,
  casinoAccountDecidedText,
  challengeClaimDeclinedText,
  challengeClaimVerifiedText,
  giveawayWonText,
  guessTheBalanceWonText,
  kingOfTheHillClaimDecidedText,
  kingOfTheHillWonText,
  orderApprovedText,
  orderDeclinedText,
  predictionWonText,
  raceFinishedText,
  raffleWonText,
  restrictionAppliedText,
  restrictionRemovedText,
} from './notification-texts.ts';
export { notify, notifyAdmins, notifyLevelsReached } from './notifications-service.ts';
