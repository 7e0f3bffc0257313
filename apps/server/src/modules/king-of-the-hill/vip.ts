import { partnerEarns } from '@app/shared/api/casino-accounts';
import { KING_OF_THE_HILL_VIP_TIER, type KingOfTheHillVip } from '@app/shared/api/king-of-the-hill';
import { VIP_TIERS, vipTierForWagerCents } from '@app/shared/domain/vip-tiers';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../../db/tx.ts';
import { accountsWithFigures } from '../casino-accounts/index.ts';

const VIP_INDEX = VIP_TIERS.findIndex((t) => t.name === KING_OF_THE_HILL_VIP_TIER);

/**
 * The caller's VIP standing, decided here and nowhere else: the VIP tier of spec 2 §9 from verified
 * wagers at earning partners (the same figures and tier rule as the profile), VIP from Bronze up.
 */
export async function vipStanding(db: Database | Tx, userId: string, now: Date): Promise<KingOfTheHillVip> {
  const accounts = await accountsWithFigures(db, userId, now);
  const verifiedCents = accounts.filter((a) => a.state === 'verified' && partnerEarns(a.partner)).reduce((sum, a) => sum + a.totalCents, 0);
  const tier = vipTierForWagerCents(verifiedCents);
  return {
    isVip: VIP_TIERS.indexOf(tier) >= VIP_INDEX,
    tier: tier.name,
    totalWagered: verifiedCents / 100,
    requiredWager: VIP_TIERS[VIP_INDEX]!.unlockSpend,
  };
}
