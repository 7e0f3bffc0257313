import type { CasinoReview } from '@app/shared/domain/casino-reviews';

/**
 * A square logo with the casino's initials as an inline SVG data URI: no external image host
 * (the CSP allows only self, data: and https images, and sample data must work offline).
 */
function initialsLogo(initials: string, background: string, foreground = '#ffffff'): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="20" fill="${background}"/>` +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="${initials.length > 2 ? 28 : 36}" font-weight="700" fill="${foreground}">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

// spec 2 §9: 4 sample entries; every field of spec 2 §3 "Casino review" is filled.
export const SAMPLE_CASINOS: readonly CasinoReview[] = [
  {
    id: 'stake',
    name: 'Stake',
    logo: initialsLogo('S', '#1a2c38'),
    rating: 4.5,
    description: 'A crypto-first casino and sportsbook with fast payouts and a deep VIP program.',
    tags: ['Crypto', 'Sports', 'VIP Program'],
    rank: 1,
    category: 'Crypto',
    bonuses: ['Up to 10% rakeback', 'Weekly and monthly reloads', 'Daily races and raffles'],
    website: 'https://stake.com',
    details: {
      ratingDetails: { games: 5, bonuses: 4, support: 4.5, payouts: 5, user_experience: 4.5 },
      withdrawalTime: 'Instant to 1 hour',
      license: 'Curaçao eGaming',
      games: 3_000,
      providers: 40,
      founded: 2017,
      languages: ['English', 'Spanish', 'Portuguese', 'Japanese', 'German'],
      currencies: ['BTC', 'ETH', 'LTC', 'USDT', 'SOL', 'DOGE'],
    },
    detailedBonuses: {
      welcomeBonus: 'No deposit match; rewards start with your first bet',
      lossback: 'Weekly lossback for VIP players',
      rakeback: 'Up to 10% instant rakeback',
      freespins: 'Free spins in weekly slot challenges',
      vipProgram: 'Bronze to Diamond tiers with level-up bonuses',
    },
    vipFeatures: {
      vipLevels: 10,
      hasVipHost: true,
      vipHostDetails: 'A dedicated VIP host from Platinum IV, reachable around the clock.',
      vipBenefits: ['Level-up bonuses', 'Weekly and monthly bonuses', 'Rakeback boosts', 'Priority support'],
    },
    pros: ['Very fast crypto withdrawals', 'Large game library with originals', 'Strong VIP program'],
    cons: ['No classic welcome match', 'Not available in every country'],
  },
  {
    id: 'roobet',
    name: 'Roobet',
    logo: initialsLogo('R', '#f5b700', '#1a1a1a'),
    rating: 4.5,
    description: 'A slots-heavy crypto casino known for streamer-favourite games and a clean mobile site.',
    tags: ['Crypto', 'Slots', 'Mobile Friendly'],
    rank: 2,
    category: 'Slots',
    bonuses: ['Up to 15% cashback for the first week', 'Roowards daily, weekly and monthly'],
    website: 'https://roobet.com',
    details: {
      ratingDetails: { games: 4.5, bonuses: 4.5, support: 4, payouts: 4.5, user_experience: 5 },
      withdrawalTime: 'Up to 24 hours',
      license: 'Curaçao eGaming',
      games: 4_500,
      providers: 60,
      founded: 2019,
      languages: ['English', 'Spanish', 'Portuguese', 'Turkish'],
      currencies: ['BTC', 'ETH', 'LTC', 'USDT', 'USDC'],
    },
    detailedBonuses: {
      welcomeBonus: 'Up to 15% cashback on losses during your first 7 days',
      lossback: 'Daily Roowards based on wager',
      rakeback: 'Roowards rakeback, paid daily',
      freespins: 'Free spins drops during slot events',
      vipProgram: 'Invite-only VIP club with personalised offers',
    },
    vipFeatures: {
      vipLevels: 6,
      hasVipHost: true,
      vipHostDetails: 'Invited players get a personal host and tailored reloads.',
      vipBenefits: ['Personal host', 'Tailored reloads', 'Event invitations'],
    },
    pros: ['Excellent mobile experience', 'Huge slot selection', 'Generous first-week cashback'],
    cons: ['VIP club is invite-only', 'Withdrawals can take up to a day'],
  },
  {
    id: 'bcgame',
    name: 'BC.Game',
    logo: initialsLogo('BC', '#24ee89', '#0f1923'),
    rating: 4,
    description: 'Crypto casino and sportsbook with a stacked deposit bonus and many supported coins.',
    tags: ['Crypto', 'Sports', 'Slots', 'Mobile Friendly'],
    rank: 3,
    category: 'Best Bonuses',
    bonuses: ['Up to 360% deposit bonus over four deposits', 'Daily lucky spin', 'Shitcodes and rain drops'],
    website: 'https://bc.game',
    details: {
      ratingDetails: { games: 4, bonuses: 5, support: 3.5, payouts: 4, user_experience: 4 },
      withdrawalTime: '5 minutes to 2 hours',
      license: 'Curaçao eGaming',
      games: 8_000,
      providers: 90,
      founded: 2017,
      languages: ['English', 'Spanish', 'French', 'Indonesian', 'Vietnamese', 'Korean'],
      currencies: ['BTC', 'ETH', 'BNB', 'USDT', 'TRX', 'XRP', 'DOGE'],
    },
    detailedBonuses: {
      welcomeBonus: 'Up to 360% across your first four deposits',
      lossback: 'Recharge bonus for active VIPs',
      rakeback: 'Up to 20% rakeback from VIP 22',
      freespins: 'Daily lucky spin for free rewards',
      vipProgram: 'Levels from Bronze to SVIP with level-up rewards',
    },
    vipFeatures: {
      vipLevels: 70,
      hasVipHost: true,
      vipHostDetails: 'SVIP players get an exclusive host and custom limits.',
      vipBenefits: ['Level-up rewards', 'Recharge bonus', 'Exclusive SVIP host', 'Higher withdrawal limits'],
    },
    pros: ['The biggest deposit bonus of the four', 'Supports many coins', 'Frequent promotions'],
    cons: ['Bonus terms are complex', 'Support can be slow at busy times'],
  },
  {
    id: 'gamdom',
    name: 'Gamdom',
    logo: initialsLogo('G', '#1f8f4e'),
    rating: 3.5,
    description: 'Long-running casino with slots, originals and esports betting, plus a rakeback VIP club.',
    tags: ['Slots', 'Sports', 'VIP Program'],
    rank: 4,
    category: 'Slots',
    bonuses: ['Up to 15% rakeback', 'Daily rain in chat'],
    website: 'https://gamdom.com',
    details: {
      ratingDetails: { games: 4, bonuses: 3.5, support: 3.5, payouts: 3.5, user_experience: 3.5 },
      withdrawalTime: '1 to 24 hours',
      license: 'Curaçao eGaming',
      games: 2_500,
      providers: 35,
      founded: 2016,
      languages: ['English', 'German', 'Spanish', 'Portuguese'],
      currencies: ['BTC', 'ETH', 'LTC', 'USDT', 'EUR'],
    },
    detailedBonuses: {
      welcomeBonus: 'Rakeback from your first bet instead of a deposit match',
      lossback: 'Occasional lossback events',
      rakeback: 'Up to 15% rakeback, claimable any time',
      freespins: 'Free spins in community giveaways',
      vipProgram: 'Rakeback-based VIP club with monthly bonuses',
    },
    vipFeatures: {
      vipLevels: 5,
      hasVipHost: false,
      vipHostDetails: 'No personal host; VIP questions go through priority live chat.',
      vipBenefits: ['Higher rakeback', 'Monthly bonuses', 'Priority live chat'],
    },
    pros: ['Simple, generous rakeback', 'Esports betting', 'Active community chat'],
    cons: ['Smaller game library', 'No dedicated VIP host'],
  },
];
