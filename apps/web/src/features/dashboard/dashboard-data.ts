import {
  BookOpen,
  Bomb,
  Coins,
  Crown,
  Dices,
  Gamepad2,
  Gift,
  KeyRound,
  Shield,
  Shuffle,
  Sparkles,
  Ticket,
  TrendingUp,
  Trophy,
  type LucideIcon,
} from 'lucide-react';

/** spec 1 §9: the promo slider advances every 8000 ms. */
export const PROMO_AUTOPLAY_MS = 8000;

/** spec 1 §9: the next level milestone is Level 25 (VIP Badge). */
export const NEXT_MILESTONE = { level: 25, reward: 'VIP Badge' } as const;

/** spec 1 §9: rewards earned are shown as level minus 1 (never below 0). */
export function rewardsEarned(level: number): number {
  return Math.max(0, Math.floor(level) - 1);
}

export type Promo = {
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

export type StoreItem = {
  id: string;
  name: string;
  description: string;
  cost: number;
  icon: LucideIcon;
};

/** spec 1 §9: the dashboard store costs in points. */
export const FEATURED_STORE_ITEMS: readonly StoreItem[] = [
  {
    id: 'free-spin-pack',
    name: 'Free Spin Pack',
    description: 'Free spins on a partner slot.',
    cost: 1_000,
    icon: Sparkles,
  },
  {
    id: 'bonus-code-bundle',
    name: 'Bonus Code Bundle',
    description: 'A bundle of partner bonus codes.',
    cost: 2_500,
    icon: KeyRound,
  },
  {
    id: 'welcome-gift-box',
    name: 'Welcome Gift Box',
    description: 'A starter box of small rewards.',
    cost: 500,
    icon: Gift,
  },
  {
    id: 'game-credit-pack',
    name: 'Game Credit Pack',
    description: 'Credits for partner games.',
    cost: 3_500,
    icon: Gamepad2,
  },
  {
    id: 'vip-membership-pass',
    name: 'VIP Membership Pass',
    description: 'A month of VIP perks.',
    cost: 10_000,
    icon: Crown,
  },
  {
    id: 'stats-boost-pack',
    name: 'Stats Boost Pack',
    description: 'Boosted XP for a week.',
    cost: 1_500,
    icon: TrendingUp,
  },
  {
    id: 'risk-free-bet-token',
    name: 'Risk-Free Bet Token',
    description: 'One bet refunded if it loses.',
    cost: 5_000,
    icon: Coins,
  },
];

export type FeaturedRaffle = {
  id: string;
  title: string;
  prize: string;
  ticketsPerEntry: number;
  icon: LucideIcon;
};

/** spec 1 §9: raffle ticket costs on the dashboard are 20, 50 and 75 tickets per entry. */
export const FEATURED_RAFFLES: readonly FeaturedRaffle[] = [
  {
    id: 'weekly-cash-drop',
    title: 'Weekly Cash Drop',
    prize: '$250 Crypto Tip',
    ticketsPerEntry: 20,
    icon: Ticket,
  },
  {
    id: 'bonus-buy-bonanza',
    title: 'Bonus Buy Bonanza',
    prize: '$500 in Bonus Buys',
    ticketsPerEntry: 50,
    icon: Gift,
  },
  {
    id: 'high-roller-freespins',
    title: 'High Roller Freespins',
    prize: '200 Freespins',
    ticketsPerEntry: 75,
    icon: Sparkles,
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

/** spec 1 §2: the gadgets grid. Only Mines Assist has a page today (the Mines game). */
export const GADGETS: readonly Gadget[] = [
  {
    id: 'how-tos',
    name: "Interactive How-To's",
    description: 'Step-by-step guides to bonuses, wagering and our tools.',
    icon: BookOpen,
  },
  {
    id: 'mines-assist',
    name: 'Mines Assist',
    description: 'Practise Mines strategies on the provably fair board.',
    icon: Bomb,
    to: '/games/mines',
  },
  {
    id: 'slot-hub',
    name: 'Slot Hub',
    description: 'Slot stats, RTPs and volatility in one place.',
    icon: Gamepad2,
  },
  {
    id: 'bonus-hunt-tracker',
    name: 'Bonus Hunt Tracker',
    description: 'Track a bonus hunt: buys, openings and the running average.',
    icon: TrendingUp,
  },
  {
    id: 'king-of-the-hill',
    name: 'King of the Hill',
    description: 'A VIP-only competition for the biggest single win.',
    icon: Crown,
    isVipOnly: true,
  },
  {
    id: 'random-slot-picker',
    name: 'Random Slot Picker',
    description: 'Cannot decide? Let a random pick choose your next slot.',
    icon: Shuffle,
  },
];
