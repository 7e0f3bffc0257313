/**
 * VIP tiers (spec 2 §3 "VIP tier", §9 "VIP tiers and unlock spend"): the 8 tiers of the Levels carousel.
 */

export type VipTier = {
  name: string;
  /** Spend (USD) needed to unlock the tier; 0 for Rookie, which is unlocked from the start. */
  unlockSpend: number;
  /** Status text shown on the tier card. */
  status: string;
  perks: readonly string[];
};

const TIER_SPEND: readonly (readonly [string, number])[] = [
  ['Rookie', 0],
  ['Bronze', 1_000],
  ['Silver', 5_000],
  ['Gold', 10_000],
  ['Platinum', 18_094.01],
  ['Diamond', 58_094.01],
  ['Emerald', 233_094.01],
  ['Amethyst', 1_000_000],
];

/** The perks every tier shares after its own daily box (spec 2 §9). */
const SHARED_VIP_PERKS: readonly string[] = ['Weekly Cash Prize', 'Monthly Cash Prize', 'Boosted Rakeback', 'Daily Bonuses / Reload'];

/** Formats a USD amount as '$1,000' or '$18,094.01' (cents only when there are any). */
export function formatUsd(amount: number): string {
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return `$${amount.toLocaleString('en-US', {
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
}

export const VIP_TIERS: readonly VipTier[] = TIER_SPEND.map(([name, unlockSpend]) => ({
  name,
  unlockSpend,
  status: unlockSpend === 0 ? 'Unlocked' : `Unlocks at ${formatUsd(unlockSpend)} spent`,
  perks: [`Daily ${name} Box`, ...SHARED_VIP_PERKS],
}));

/** The VIP tier reached with `totalWageredCents` of verified wagers (spec 2 §9: by total wagered). */
export function vipTierForWagerCents(totalWageredCents: number): VipTier {
  let reached = VIP_TIERS[0]!;
  for (const tier of VIP_TIERS) {
    if (Math.round(tier.unlockSpend * 100) <= totalWageredCents) reached = tier;
  }
  return reached;
}
