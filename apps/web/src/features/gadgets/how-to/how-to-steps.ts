import type { HowToGuideId, HowToStepId } from '@app/shared/api/how-to';
import type { SpotlightTarget } from '@/lib/spotlight';

/**
 * What each How-To step says and which real control it points at: a page and a control found by role
 * and name (lib/spotlight.ts), or a control on the How-To page itself (`local`).
 */
type StepGuide = {
  title: string;
  text: string;
  /** Where "Show me" goes; absent for a step done on this page. */
  to?: string;
  /** Navigation state for `to` (the auth dialog opens from it). */
  state?: Record<string, unknown>;
  target?: SpotlightTarget;
  /** The id of a control on this page. */
  local?: string;
};

export const GUIDE_TEXT: Record<HowToGuideId, { title: string; intro: string }> = {
  'get-started': { title: 'Get started', intro: 'Four steps to a working account. Finishing them earns a one-time points bonus.' },
  'earn-and-spend': { title: 'Earn and spend', intro: 'How your play becomes points and XP, and where you spend them.' },
  'check-fair': { title: "Check it's fair", intro: 'Every game round and every raffle draw can be recomputed by you.' },
};

export const STEP_GUIDES: Record<HowToStepId, StepGuide> = {
  'verify-email': {
    title: 'Verify your e-mail',
    text: 'Open the link in the e-mail we sent when you signed up. Lost it? The sign-in dialog sends a new one.',
    to: '/',
    state: { openAuth: true, tab: 'login' },
  },
  'complete-profile': {
    title: 'Complete your profile',
    text: 'Add a crypto address (or your partner usernames) on your profile so prizes can reach you.',
    to: '/profile',
    target: { role: 'textbox', name: 'BTC address', open: { role: 'tab', name: 'Settings' } },
  },
  'link-casino': {
    title: 'Link a casino account',
    text: 'Add your username at a partner casino. Once we verify it, your wagers there count.',
    to: '/profile',
    target: { role: 'combobox', name: 'Platform', open: { role: 'tab', name: 'Casino Accounts' } },
  },
  'link-kick': {
    title: 'Link Kick with your UID',
    text: 'Copy your User UID from your profile and paste it into Kick chat while a stream is live.',
    to: '/profile',
    target: { role: 'button', name: 'Copy User UID' },
  },
  'earn-points': {
    title: 'Earn points and XP',
    text: 'Every verified dollar you wager at a partner casino earns points and XP; watching streams earns too. This checks off with your first points from wagers.',
    to: '/rewards',
    target: { role: 'heading', name: 'How It Works' },
  },
  'redeem-store': {
    title: 'Redeem in the Points Store',
    text: 'Spend points on bonuses, cashback and merchandise. This checks off with your first order.',
    to: '/points-store',
    target: { role: 'button', name: 'Redeem Reward' },
  },
  'enter-raffle': {
    title: 'Enter a raffle',
    text: 'Open a raffle and enter it with points. This checks off with your first entry.',
    to: '/raffles',
    target: { role: 'button', name: 'View Raffle' },
  },
  'verify-round': {
    title: 'Verify a game round',
    text: 'Recompute a Mines board from its server seed, client seed and nonce, right here.',
    local: 'how-to-verify-round',
  },
  'verify-draw': {
    title: 'Verify a raffle draw',
    text: "Recompute a raffle's winners from its revealed seed and the entrants' UIDs, right here.",
    local: 'how-to-verify-draw',
  },
};
