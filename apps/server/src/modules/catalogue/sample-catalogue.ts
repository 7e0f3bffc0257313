import type { RewardCategory } from '@app/shared/api/store';

/**
 * The sample catalogue seeded into an empty database at first start: spec 2 §9 (prices
 * 500 to 5,000, the four categories), spec 1 §9 (the dashboard's store items and their costs) and
 * the dashboard's featured raffles (20, 50 and 75 per entry).
 */

type SampleReward = {
  name: string;
  description: string;
  category: RewardCategory;
  price: number;
  featured?: boolean;
  stock?: number;
};

export const SAMPLE_REWARDS: readonly SampleReward[] = [
  // spec 1 §9: the dashboard's store items.
  { name: 'Welcome Gift Box', description: 'A starter box of small rewards.', category: 'merchandise', price: 500, featured: true },
  { name: 'Free Spin Pack', description: 'Free spins on a partner slot.', category: 'bonuses', price: 1_000, featured: true },
  { name: 'Stats Boost Pack', description: 'Boosted XP for a week.', category: 'vip', price: 1_500 },
  { name: 'Bonus Code Bundle', description: 'A bundle of partner bonus codes.', category: 'bonuses', price: 2_500, featured: true },
  { name: 'Game Credit Pack', description: 'Credits for partner games.', category: 'bonuses', price: 3_500 },
  { name: 'Risk-Free Bet Token', description: 'One bet refunded if it loses.', category: 'bonuses', price: 5_000 },
  { name: 'VIP Membership Pass', description: 'A month of VIP perks.', category: 'vip', price: 10_000, featured: true },
  // spec 2 §2 Points Store: cash rewards, bonus credits, merchandise, VIP.
  { name: '$5 Cashback', description: 'Five US dollars of cashback, paid in crypto to your saved address.', category: 'cashbacks', price: 500 },
  {
    name: '$10 Cashback',
    description: 'Ten US dollars of cashback, paid in crypto to your saved address.',
    category: 'cashbacks',
    price: 1_000,
    featured: true,
  },
  { name: '$25 Cashback', description: 'Twenty-five US dollars of cashback, paid in crypto within 1-2 business days.', category: 'cashbacks', price: 2_500 },
  { name: '$50 Cashback', description: 'Fifty US dollars of cashback, paid in crypto within 1-2 business days.', category: 'cashbacks', price: 5_000 },
  { name: '100% Deposit Bonus', description: 'A deposit match up to $50 at a partner casino, credited instantly.', category: 'bonuses', price: 2_000 },
  {
    name: 'Rewards Hub T-Shirt',
    description: 'Soft cotton tee with the Rewards Hub logo. Ships in 7-10 business days.',
    category: 'merchandise',
    price: 3_000,
  },
  {
    name: 'Rewards Hub Hoodie',
    description: 'Limited-run hoodie. Only a few left. Ships in 7-10 business days.',
    category: 'merchandise',
    price: 4_500,
    featured: true,
    stock: 3,
  },
  { name: 'Signed Stream Mousepad', description: 'An XL mousepad signed by the stream team.', category: 'merchandise', price: 2_000 },
  { name: 'VIP Discord Role', description: 'A VIP role and the private channels on our Discord for 30 days.', category: 'vip', price: 800 },
  { name: 'Private Stream Call', description: 'A 15-minute call with the streamer during a VIP stream.', category: 'vip', price: 4_000 },
];

type SampleRaffle = {
  title: string;
  description: string;
  prize: string;
  prizePoints?: number;
  winners?: number;
  pointsCost: number;
  requirements?: string;
  type?: 'cash' | 'crypto';
  featured?: boolean;
  restricted?: boolean;
  minLevel?: number;
  /** Hours from now (negative: in the past). */
  startsIn: number;
  endsIn: number;
  /** Completed raffles: how many sample entrants entered. */
  entrants?: number;
};

const DAY = 24;

export const SAMPLE_RAFFLES: readonly SampleRaffle[] = [
  // Active
  {
    title: 'Weekly Cash Drop',
    description: 'A weekly crypto tip for one lucky member. Entries close on Sunday night.',
    prize: '$250 Crypto Tip',
    pointsCost: 20,
    type: 'crypto',
    featured: true,
    startsIn: -2 * DAY,
    endsIn: 2 * DAY + 6,
  },
  {
    title: 'Bonus Buy Bonanza',
    description: 'Five hundred dollars of bonus buys on the slot of your choice, played live on stream.',
    prize: '$500 in Bonus Buys',
    pointsCost: 50,
    featured: true,
    startsIn: -1 * DAY,
    endsIn: 3 * DAY,
  },
  {
    title: 'High Roller Freespins',
    description: 'Two hundred freespins on a partner slot for members from Bronze 3 up.',
    prize: '200 Freespins',
    pointsCost: 75,
    requirements: 'Bronze 3 or higher',
    restricted: true,
    minLevel: 3,
    featured: true,
    startsIn: -12,
    endsIn: 5 * DAY,
  },
  {
    title: 'Free Points Friday',
    description: 'Free to enter: three winners share fifteen thousand points.',
    prize: '5,000 Points',
    prizePoints: 5_000,
    winners: 3,
    pointsCost: 0,
    startsIn: -6,
    endsIn: DAY + 12,
  },
  {
    title: 'Silver Circle Giveaway',
    description: 'An exclusive giveaway for members at Silver 1 or above.',
    prize: '$1,000 Crypto Tip',
    pointsCost: 500,
    type: 'crypto',
    requirements: 'Silver 1 or higher',
    restricted: true,
    minLevel: 5,
    startsIn: -DAY,
    endsIn: 6 * DAY,
  },
  // Ends minutes after the first start: then Pending until the next job run draws it (Pending lasts
  // at most one job interval, since the job draws every ended raffle).
  {
    title: 'Midweek Flash Raffle',
    description: 'A quick one: entries close minutes after it opens.',
    prize: '$50 Crypto Tip',
    pointsCost: 0,
    type: 'crypto',
    startsIn: -1,
    endsIn: 0.1,
  },
  // Upcoming
  {
    title: 'Monthly Mega Raffle',
    description: 'The big one: a two thousand dollar crypto tip and four runner-up prizes.',
    prize: '$2,000 Crypto Tip',
    winners: 5,
    pointsCost: 100,
    type: 'crypto',
    featured: true,
    startsIn: DAY,
    endsIn: 8 * DAY,
  },
  {
    title: 'Stream Anniversary Raffle',
    description: 'Celebrating another year of streams with a free raffle.',
    prize: '$300 in Bonus Buys',
    pointsCost: 0,
    startsIn: 3 * DAY,
    endsIn: 10 * DAY,
  },
  // Completed (drawn at start by the real draw over sample entrants)
  {
    title: 'Halloween Spooky Spins',
    description: 'Spooky freespins for the Halloween stream.',
    prize: '150 Freespins',
    pointsCost: 25,
    startsIn: -30 * DAY,
    endsIn: -24 * DAY,
    entrants: 7,
  },
  {
    title: 'October Cash Drop',
    description: "October's weekly crypto tip.",
    prize: '$250 Crypto Tip',
    pointsCost: 20,
    type: 'crypto',
    startsIn: -28 * DAY,
    endsIn: -21 * DAY,
    entrants: 8,
  },
  {
    title: 'Points Jackpot',
    description: 'Two winners take ten thousand points each.',
    prize: '10,000 Points',
    prizePoints: 10_000,
    winners: 2,
    pointsCost: 0,
    startsIn: -25 * DAY,
    endsIn: -18 * DAY,
    entrants: 8,
  },
  {
    title: 'Bonus Buy Battle',
    description: 'Bonus buys picked by chat.',
    prize: '$400 in Bonus Buys',
    pointsCost: 50,
    startsIn: -21 * DAY,
    endsIn: -14 * DAY,
    entrants: 6,
  },
  {
    title: 'VIP Night Raffle',
    description: 'For Bronze 3 and up: a VIP night prize.',
    prize: '$750 Crypto Tip',
    pointsCost: 75,
    type: 'crypto',
    requirements: 'Bronze 3 or higher',
    restricted: true,
    minLevel: 3,
    startsIn: -18 * DAY,
    endsIn: -11 * DAY,
    entrants: 5,
  },
  {
    title: 'Weekend Freespins',
    description: 'A weekend of freespins for three winners.',
    prize: '100 Freespins',
    winners: 3,
    pointsCost: 10,
    startsIn: -14 * DAY,
    endsIn: -9 * DAY,
    entrants: 8,
  },
  {
    title: 'Community Milestone Raffle',
    description: 'Thanks for ten thousand followers.',
    prize: '$1,000 Crypto Tip',
    pointsCost: 0,
    type: 'crypto',
    featured: true,
    startsIn: -10 * DAY,
    endsIn: -5 * DAY,
    entrants: 8,
  },
  {
    title: "Last Week's Cash Drop",
    description: "Last week's crypto tip.",
    prize: '$250 Crypto Tip',
    pointsCost: 20,
    type: 'crypto',
    startsIn: -9 * DAY,
    endsIn: -2 * DAY,
    entrants: 7,
  },
];

/** Sample entrants of the completed raffles (unusable passwords: nobody can sign in as them). */
export const SAMPLE_ENTRANTS: readonly string[] = [
  'LuckyLuna',
  'SpinDoctor',
  'ReelQueen',
  'BonusHunter',
  'CryptoCarl',
  'WildWanda',
  'MaxBetMike',
  'ScatterSam',
];

/**
 * The level rewards a fresh install starts with: points for every level from 2 to 24, so the
 * dashboard's "Rewards earned" (spec 1 §9: level minus 1) counts rewards that exist and can be
 * claimed on /levelup-rewards. Level 1 (Bronze 1, 20 XP) has none. Admins change them in the console.
 */
export const SAMPLE_LEVEL_REWARDS: readonly { level: number; points: number }[] = [
  [2, 50],
  [3, 100],
  [4, 250],
  [5, 500],
  [6, 750],
  [7, 1_000],
  [8, 1_500],
  [9, 2_500],
  [10, 4_000],
  [11, 6_000],
  [12, 10_000],
  [13, 15_000],
  [14, 25_000],
  [15, 40_000],
  [16, 60_000],
  [17, 100_000],
  [18, 150_000],
  [19, 250_000],
  [20, 400_000],
  [21, 600_000],
  [22, 1_000_000],
  [23, 1_500_000],
  [24, 2_500_000],
].map(([level, points]) => ({ level: level!, points: points! }));
