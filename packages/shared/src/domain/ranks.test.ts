import { describe, expect, it } from 'vitest';
import { DEMO_XP, RANKS, levelForXp, nextRank, rankForXp, rankProgress, rankStandingForXp } from './ranks';

describe('RANKS', () => {
  it('has 24 ranks, Bronze 1 .. Immortal 4, with increasing XP', () => {
    expect(RANKS).toHaveLength(24);
    expect(RANKS[0]?.name).toBe('Bronze 1');
    expect(RANKS[23]?.name).toBe('Immortal 4');
    expect(RANKS.map((r) => r.index)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    for (let i = 1; i < RANKS.length; i++) {
      expect(RANKS[i]!.xpRequired).toBeGreaterThan(RANKS[i - 1]!.xpRequired);
    }
  });

  it('matches the spec table of XP and rakeback', () => {
    const byName = (name: string) => RANKS.find((r) => r.name === name)!;
    expect(byName('Bronze 1')).toMatchObject({ tier: 'Bronze', level: 1, xpRequired: 20, rakeback: 0.25 });
    expect(byName('Bronze 4').xpRequired).toBe(20_000);
    expect(byName('Silver 1')).toMatchObject({ xpRequired: 50_000, rakeback: 0.5 });
    expect(byName('Gold 2')).toMatchObject({ xpRequired: 1_600_000, rakeback: 0.75 });
    expect(byName('Gold 4').xpRequired).toBe(6_400_000);
    expect(byName('Platinum 4')).toMatchObject({ xpRequired: 102_400_000, rakeback: 1 });
    expect(byName('Diamond 4')).toMatchObject({ xpRequired: 1_638_400_000, rakeback: 1.5 });
    expect(byName('Immortal 1').xpRequired).toBe(3_276_800_000);
    expect(byName('Immortal 4')).toMatchObject({ xpRequired: 26_214_400_000, rakeback: 2 });
  });
});

describe('rankForXp', () => {
  it('is null below 20 XP', () => {
    expect(rankForXp(0)).toBeNull();
    expect(rankForXp(19)).toBeNull();
    expect(rankForXp(19.99)).toBeNull();
    expect(rankForXp(-5)).toBeNull();
    expect(rankForXp(Number.NaN)).toBeNull();
  });

  it('is Bronze 1 at exactly 20 XP', () => {
    expect(rankForXp(20)?.name).toBe('Bronze 1');
    expect(rankForXp(199)?.name).toBe('Bronze 1');
    expect(rankForXp(200)?.name).toBe('Bronze 2');
  });

  it('reaches Gold 3 at the demo XP of 5,000,000 (Gold 3 needs 3.2M, Gold 4 needs 6.4M)', () => {
    expect(DEMO_XP).toBe(5_000_000);
    expect(rankForXp(DEMO_XP)?.name).toBe('Gold 3');
  });

  it('is each rank at its exact threshold and the previous one just below', () => {
    for (let i = 0; i < RANKS.length; i++) {
      const rank = RANKS[i]!;
      expect(rankForXp(rank.xpRequired)?.name).toBe(rank.name);
      if (i > 0) expect(rankForXp(rank.xpRequired - 1)?.name).toBe(RANKS[i - 1]!.name);
    }
  });

  it('is Immortal 4 at 26214.4M and above', () => {
    expect(rankForXp(26_214_400_000)?.name).toBe('Immortal 4');
    expect(rankForXp(26_214_399_999)?.name).toBe('Immortal 3');
    expect(rankForXp(1e15)?.name).toBe('Immortal 4');
    expect(rankForXp(Infinity)?.name).toBe('Immortal 4');
  });
});

describe('nextRank', () => {
  it('is the first rank above the XP, null at the top', () => {
    expect(nextRank(0)?.name).toBe('Bronze 1');
    expect(nextRank(19)?.name).toBe('Bronze 1');
    expect(nextRank(20)?.name).toBe('Bronze 2');
    expect(nextRank(26_214_399_999)?.name).toBe('Immortal 4');
    expect(nextRank(26_214_400_000)).toBeNull();
  });
});

describe('rankProgress', () => {
  const gold4 = RANKS.find((r) => r.name === 'Gold 4')!;
  it('is the percent of the way from the rank before it (Gold 3, 3.2M) to the rank (6.4M)', () => {
    expect(rankProgress(4_800_000, gold4)).toBe(50);
    expect(rankProgress(3_200_000, gold4)).toBe(0);
    expect(rankProgress(0, gold4)).toBe(0);
    expect(rankProgress(10, RANKS[0]!)).toBe(50);
  });
  it('caps at 100% and floors at 0%', () => {
    expect(rankProgress(6_400_000, gold4)).toBe(100);
    expect(rankProgress(50_000_000, gold4)).toBe(100);
    expect(rankProgress(DEMO_XP, RANKS[0]!)).toBe(100);
    expect(rankProgress(-10, gold4)).toBe(0);
    expect(rankProgress(Number.NaN, gold4)).toBe(0);
  });
});

describe('levelForXp', () => {
  it('is Unranked at level 0 below 20 XP, with progress toward Bronze 1', () => {
    expect(levelForXp(0)).toEqual({ level: 0, levelName: 'Unranked', levelProgress: 0 });
    expect(levelForXp(10)).toEqual({ level: 0, levelName: 'Unranked', levelProgress: 50 });
  });
  it('gives the rank index and progress between thresholds', () => {
    expect(levelForXp(20)).toEqual({ level: 1, levelName: 'Bronze 1', levelProgress: 0 });
    expect(levelForXp(110)).toEqual({ level: 1, levelName: 'Bronze 1', levelProgress: 50 });
    expect(levelForXp(200).level).toBe(2);
  });
  it('is level 24 with 100% at the top', () => {
    expect(levelForXp(26_214_400_000)).toEqual({ level: 24, levelName: 'Immortal 4', levelProgress: 100 });
    expect(levelForXp(1e13)).toEqual({ level: 24, levelName: 'Immortal 4', levelProgress: 100 });
  });
});

describe('rankStandingForXp', () => {
  it("reaches 'Gold 3' and works toward 'Gold 4' at the demo XP of 5,000,000 (spec 2 §9's 'Gold 4')", () => {
    const standing = rankStandingForXp(DEMO_XP);
    expect(standing.rank?.name).toBe('Gold 3');
    expect(standing.next?.name).toBe('Gold 4');
    expect(standing.level).toBe(11);
    expect(standing.progress).toBe(56.25);
  });
  it("is the one progress: the next rank's card shows what the level shows", () => {
    for (const xp of [0, 19, 20, 138_114, 5_000_000, 26_214_399_999]) {
      const standing = rankStandingForXp(xp);
      expect(levelForXp(xp)).toEqual({ level: standing.level, levelName: standing.rankName, levelProgress: standing.progress });
      expect(rankProgress(xp, standing.next!)).toBe(standing.progress);
    }
  });
  it('has no next rank and 100% at the top', () => {
    expect(rankStandingForXp(1e15)).toMatchObject({ level: 24, rankName: 'Immortal 4', next: null, progress: 100 });
  });
  it('is Unranked with Bronze 1 next below 20 XP', () => {
    expect(rankStandingForXp(0)).toMatchObject({ level: 0, rank: null, rankName: 'Unranked', progress: 0 });
    expect(rankStandingForXp(0).next?.name).toBe('Bronze 1');
  });
});
