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
 * Spec 2 §9's demo XP. Only ranks.test.ts uses it now (the spec's example: 'Gold 3' reached,
 * 'Gold 4' the rank being worked toward): the pages show the member's real XP.
 */
export const DEMO_XP = 5_000_000;

/**
 * What XP is, said the same way on every page that shows a rank or a level. XP is not points:
 * points are also earned on stream, from prizes and grants, and are spent; XP only grows with wagers.
 */
export const XP_EXPLAINED = 'XP is your lifetime verified wager at partner casinos: 1 XP per $1 wagered. Unlike points, XP is never spent.';

/**
 * Ranks and VIP tiers share the names Bronze, Silver, Gold... (spec 2 §9 names both); this sentence
 * tells them apart wherever both appear.
 */
export const RANKS_VS_VIP_TIERS =
  'Ranks (Bronze 1 to Immortal 4, your level) follow your XP and set your rakeback; VIP tiers (Rookie to Amethyst) are a separate ladder unlocked by total spend.';

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
 * Percent of the way to `rank` from the rank before it (0 XP for Bronze 1), capped to [0, 100]:
 * 100 once reached, 0 until the rank before it is. For the next rank it is the member's progress
 * (rankStandingForXp), so a rank card and the level progress never disagree.
 */
export function rankProgress(xp: number, rank: Rank): number {
  const from = RANKS[rank.index - 2]?.xpRequired ?? 0;
  const span = rank.xpRequired - from;
  if (span <= 0) return 100;
  return clampPercent(((safeXp(xp) - from) / span) * 100);
}

/** A member's standing from their XP: the one truth of level, rank and progress every page reads. */
export type RankStanding = {
  xp: number;
  /** 0..24: the index of the rank reached, 0 below 20 XP. */
  level: number;
  /** The rank reached (spec 2 §4: the highest whose XP is at most the XP); null when unranked. */
  rank: Rank | null;
  /** The rank reached's name, 'Unranked' below 20 XP. */
  rankName: string;
  /** The rank being worked toward; null at the top rank. */
  next: Rank | null;
  /** Percent of the way from the rank reached (0 XP when unranked) to the next; 100 at the top. */
  progress: number;
};

/**
 * The member's level, rank and progress from XP (spec 2 §9 ranks). The dashboard, /rewards, the
 * profile (through the server's presenter), level rewards, raffles' minimum level and chat read it.
 */
export function rankStandingForXp(xp: number): RankStanding {
  const value = safeXp(xp);
  const rank = rankForXp(value);
  const next = nextRank(value);
  return {
    xp: value,
    level: rank?.index ?? 0,
    rank,
    rankName: rank?.name ?? 'Unranked',
    next,
    progress: next ? rankProgress(value, next) : 100,
  };
}

/** The profile contract's form of rankStandingForXp (spec 1 §3: level, levelName, levelProgress). */
export function levelForXp(xp: number): { level: number; levelName: string; levelProgress: number } {
  const standing = rankStandingForXp(xp);
  return { level: standing.level, levelName: standing.rankName, levelProgress: standing.progress };
}
