import { BookOpen, Bomb, Crown, Dices, Gamepad2, Gift, Shield, Shuffle, TrendingUp, Trophy, type LucideIcon } from 'lucide-react';

/** spec 1 §9: the promo slider advances every 8000 ms. */
export const PROMO_AUTOPLAY_MS = 8000;

/** spec 1 §9: the next level milestone is Level 25 (VIP Badge). */
export const NEXT_MILESTONE = { level: 25, reward: 'VIP Badge' } as const;

/** spec 1 §9: rewards earned are shown as level minus 1 (never below 0). */
export function rewardsEarned(level: number): number {
  return Math.max(0, Math.floor(level) - 1);
}

type Promo = {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  cta: string;
  to: string;
  /** Tailwind gradient classes; text on it is white, so every stop stays dark enough for contrast. */
  gradient: string;
  icon: LucideIcon;
};

export const PROMOS: readonly Promo[] = [
  {
    id: 'leaderboard',
    eyebrow: 'Monthly race',
    title: 'Climb the monthly leaderboard',
    text: 'Wager with our partners, move up the standings and share the prize pool.',
    cta: 'View Leaderboard',
    to: '/leaderboard',
    gradient: 'from-indigo-700 via-violet-700 to-fuchsia-700',
    icon: Trophy,
  },
  {
    id: 'rewards',
    eyebrow: 'VIP rewards',
    title: 'Open your daily lootbox',
    text: 'Every rank raises your rakeback and unlocks weekly and monthly bonuses.',
    cta: 'See Rewards',
    to: '/rewards',
    gradient: 'from-emerald-800 via-teal-700 to-cyan-800',
    icon: Gift,
  },
  {
    id: 'games',
    eyebrow: 'Provably fair',
    title: 'Play our original games',
    text: 'Dice, Mines, Plinko, Crash and more, every round verifiable.',
    cta: 'Explore Games',
    to: '/games',
    gradient: 'from-orange-700 via-rose-700 to-red-800',
    icon: Dices,
  },
  {
    id: 'reviews',
    eyebrow: 'Partners',
    title: 'Find the right casino',
    text: 'Honest reviews of our partner casinos, their bonuses and their payouts.',
    cta: 'Read Reviews',
    to: '/casino-reviews',
    gradient: 'from-sky-800 via-blue-700 to-indigo-800',
    icon: Shield,
  },
];

export type Gadget = {
  id: string;
  name: string;
  description: string;
  icon: LucideIcon;
  /** A real destination; without one the card says 'Coming soon'. */
  to?: string;
  isVipOnly?: boolean;
};

/** spec 1 §2: the gadgets grid. A gadget without `to` has no page yet. */
export const GADGETS: readonly Gadget[] = [
  {
    id: 'how-tos',
    name: "Interactive How-To's",
    description: 'Step-by-step guides to bonuses, wagering and our tools.',
    icon: BookOpen,
    to: '/how-to',
  },
  {
    id: 'mines-assist',
    name: 'Mines Assist',
    description: 'Exact Mines odds and payouts, and a board verifier for any round.',
    icon: Bomb,
    to: '/gadgets/mines-assist',
  },
  {
    id: 'slot-hub',
    name: 'Slot Hub',
    description: 'Slot stats, RTPs and volatility in one place.',
    icon: Gamepad2,
    to: '/slots',
  },
  {
    id: 'bonus-hunt-tracker',
    name: 'Bonus Hunt Tracker',
    description: 'Track a bonus hunt: buys, openings and the running average.',
    icon: TrendingUp,
    to: '/bonus-hunts',
  },
  {
    id: 'king-of-the-hill',
    name: 'King of the Hill',
    description: 'A VIP-only competition for the biggest single win.',
    icon: Crown,
    isVipOnly: true,
    to: '/gadgets/king-of-the-hill',
  },
  {
    id: 'random-slot-picker',
    name: 'Random Slot Picker',
    description: 'Cannot decide? Let a random pick choose your next slot.',
    icon: Shuffle,
    to: '/slots/picker',
  },
];
