import { describe, expect, it } from 'vitest';
import { VIP_TIERS, formatUsd, vipTierForWagerCents } from './vip-tiers';

describe('VIP_TIERS', () => {
  it('lists the 8 tiers in order with their unlock spend', () => {
    expect(VIP_TIERS.map((t) => [t.name, t.unlockSpend])).toEqual([
      ['Rookie', 0],
      ['Bronze', 1000],
      ['Silver', 5000],
      ['Gold', 10000],
      ['Platinum', 18094.01],
      ['Diamond', 58094.01],
      ['Emerald', 233094.01],
      ['Amethyst', 1000000],
    ]);
  });

  it('gives Rookie as unlocked and the others their spend', () => {
    expect(VIP_TIERS[0]?.status).toBe('Unlocked');
    expect(VIP_TIERS[4]?.status).toBe('Unlocks at $18,094.01 spent');
    expect(VIP_TIERS[7]?.status).toBe('Unlocks at $1,000,000 spent');
  });

  it('gives every tier its daily box plus the four shared perks', () => {
    for (const tier of VIP_TIERS) {
      expect(tier.perks).toEqual([`Daily ${tier.name} Box`, 'Weekly Cash Prize', 'Monthly Cash Prize', 'Boosted Rakeback', 'Daily Bonuses / Reload']);
    }
  });
});

describe('formatUsd', () => {
  it('shows cents only when there are some', () => {
    expect(formatUsd(1000)).toBe('$1,000');
    expect(formatUsd(18094.01)).toBe('$18,094.01');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(12.5)).toBe('$12.50');
  });
});

describe('vipTierForWagerCents', () => {
  it('gives the highest tier whose unlock spend is reached, to the cent', () => {
    expect(vipTierForWagerCents(0).name).toBe('Rookie');
    expect(vipTierForWagerCents(999_99).name).toBe('Rookie');
    expect(vipTierForWagerCents(1000_00).name).toBe('Bronze');
    expect(vipTierForWagerCents(18094_00).name).toBe('Gold');
    expect(vipTierForWagerCents(18094_01).name).toBe('Platinum');
    expect(vipTierForWagerCents(5_000_000_00).name).toBe('Amethyst');
  });
});
