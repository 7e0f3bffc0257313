/**
 * Ranks (spec 2 §9 "Ranks"): 6 tiers × 4 levels = 24 ranks, 'Bronze 1' .. 'Immortal 4'.
 * Pure functions shared by the web rewards page and the server's profile level.
 */

type RankLevel = 1 | 2 | 3 | 4;

export type Rank = {
  /** e.g. 'Gold 4' */
  name: string;
  /** e.g. 'Gold' */
  tier: string;
  level: RankLevel;
  /** 1..24 */
  index: number;
  xpRequired: number;
  /** rakeback in percent, e.g. 0.75 for 0.75% */
  rakeback: number;
};

type TierDef = { tier: string; xp: readonly [number, number, number, number]; rakeback: number };

const M = 1_000_000;

const TIER_DEFS: readonly TierDef[] = [
  { tier: 'Bronze', xp: [20, 200, 2_000, 20_000], rakeback: 0.25 },
  { tier: 'Silver', xp: [50_000, 100_000, 200_000, 400_000], rakeback: 0.5 },
  { tier: 'Gold', xp: [800_000, 1.6 * M, 3.2 * M, 6.4 * M], rakeback: 0.75 },
  { tier: 'Platinum', xp: [12.8 * M, 25.6 * M, 51.2 * M, 102.4 * M], rakeback: 1 },
  { tier: 'Diamond', xp: [204.8 * M, 409.6 * M, 819.2 * M, 1638.4 * M], rakeback: 1.5 },
  { tier: 'Immortal', xp: [3276.8 * M, 6553.6 * M, 13107.2 * M, 26214.4 * M], rakeback: 2 },
];

export const RANKS: readonly Rank[] = TIER_DEFS.flatMap((def, tierIndex) =>
  def.xp.map((xpRequired, i): Rank => ({
    name: `${def.tier} ${i + 1}`,
    tier: def.tier,
    level: (i + 1) as RankLevel,
    index: tierIndex * 4 + i + 1,
    // 1.6 * M etc. are exact integers, but round defensively against float noise.
    xpRequired: Math.round(xpRequired),
    rakeback: def.rakeback,
  })),
);

/**
 * Spec 2 §9's demo XP, whose displayed rank is 'Gold 4'. Only ranks.test.ts uses it now (the spec's
 * example of displayRankForXp): the rewards page shows the member's real XP.
 */
export const DEMO_XP = 5_000_000;

function safeXp(xp: number): number {
  return Number.isFinite(xp) ? xp : xp === Infinity ? Number.MAX_VALUE : 0;
}

/** The highest rank whose xpRequired is at most xp; null below 20 XP (unranked). */
export function rankForXp(xp: number): Rank | null {
  const value = safeXp(xp);
  let found: Rank | null = null;
  for (const rank of RANKS) {
    if (rank.xpRequired <= value) found = rank;
    else break;
  }
  return found;
}

/** The first rank whose xpRequired is above xp; null at the top rank. */
export function nextRank(xp: number): Rank | null {
  const value = safeXp(xp);
  return RANKS.find((rank) => rank.xpRequired > value) ?? null;
}

function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/**
 * The rank shown on the rewards page's current rank card: the rank being worked toward
 * (the next rank; the top rank once reached). Spec 2 §9 displays 'Gold 4' for the demo XP of
 * 5,000,000, while §4's "highest rank whose XP is at most the XP" (rankForXp) is 'Gold 3'
 * (Gold 3 needs 3.2M, Gold 4 needs 6.4M); both values come from this module so they stay consistent.
 */
export function displayRankForXp(xp: number): Rank {
  return nextRank(xp) ?? RANKS[RANKS.length - 1]!;
}

/** Percent of that rank's xpRequired reached by xp, capped to [0, 100]. */
export function rankProgress(xp: number, rank: Rank): number {
  if (rank.xpRequired <= 0) return 100;
  return clampPercent((safeXp(xp) / rank.xpRequired) * 100);
}

/**
 * Level summary for a profile: level 0..24 (0 = 'Unranked' below 20 XP) and the percent of the way
 * from the current rank's threshold (0 when unranked) to the next rank's threshold; 100 at the top.
 */
export function levelForXp(xp: number): { level: number; levelName: string; levelProgress: number } {
  const value = safeXp(xp);
  const current = rankForXp(value);
  const next = nextRank(value);
  if (!next) {
    return { level: current?.index ?? 0, levelName: current?.name ?? 'Unranked', levelProgress: 100 };
  }
  const from = current?.xpRequired ?? 0;
  const span = next.xpRequired - from;
  const levelProgress = span > 0 ? clampPercent(((value - from) / span) * 100) : 0;
  return { level: current?.index ?? 0, levelName: current?.name ?? 'Unranked', levelProgress };
}
