import { describe, expect, it } from 'vitest';
import { drawGiveawayWinners, giveawayTickets, verifyGiveawayRounds } from './giveaway-draw';
import { drawRaffleWinners } from './raffle-draw';

const SEED = '3b1f0c5e9a7d2b4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9011223344556';

describe('giveaway draw (the raffle draw over tickets)', () => {
  it('writes each entrant weight times, in entry order, less the excluded', () => {
    expect(
      giveawayTickets([
        { id: 'a', weight: 1 },
        { id: 'b', weight: 3 },
        { id: 'c', weight: 2 },
      ]),
    ).toEqual(['a', 'b', 'b', 'b', 'c', 'c']);
    expect(
      giveawayTickets(
        [
          { id: 'a', weight: 1 },
          { id: 'b', weight: 3 },
        ],
        ['b'],
      ),
    ).toEqual(['a']);
  });

  it('with weight 1 each, the winners are the raffle draw of the same list', () => {
    const ids = ['RH-AAAAAAAA', 'RH-BBBBBBBB', 'RH-CCCCCCCC', 'RH-DDDDDDDD', 'RH-EEEEEEEE'];
    const raffle = drawRaffleWinners(SEED, ids, 3);
    const giveaway = drawGiveawayWinners(
      SEED,
      ids.map((id) => ({ id, weight: 1 })),
      3,
    );
    expect(giveaway).toEqual({ entriesDigest: raffle.entriesDigest, winnerIds: raffle.winnerUids });
  });

  it('never names an entrant twice, and a weight-3 entrant wins about 3 times as often', () => {
    let heavy = 0;
    const runs = 3000;
    for (let i = 0; i < runs; i += 1) {
      const seed = `${SEED.slice(0, 56)}${i.toString(16).padStart(8, '0')}`;
      const { winnerIds } = drawGiveawayWinners(
        seed,
        [
          { id: 'light', weight: 1 },
          { id: 'heavy', weight: 3 },
        ],
        2,
      );
      expect(new Set(winnerIds).size).toBe(2);
      if (winnerIds[0] === 'heavy') heavy += 1;
    }
    // P(heavy first) = 3/4; 3000 draws put it within ±0.04 with overwhelming probability.
    expect(heavy / runs).toBeGreaterThan(0.71);
    expect(heavy / runs).toBeLessThan(0.79);
  });

  it('a redraw excludes the earlier winners; verification recomputes every round', () => {
    const entrants = ['a', 'b', 'c', 'd'].map((id) => ({ id, weight: 1 }));
    const first = drawGiveawayWinners(SEED, entrants, 1);
    const redraw = drawGiveawayWinners(SEED, entrants, 1, first.winnerIds);
    expect(redraw.winnerIds).not.toContain(first.winnerIds[0]);
    const rounds = [
      { round: 0, excluded: [], winners: 1, ...first },
      { round: 1, excluded: first.winnerIds, winners: 1, ...redraw },
    ];
    expect(verifyGiveawayRounds(SEED, entrants, rounds).agrees).toBe(true);
    expect(verifyGiveawayRounds(SEED, entrants, [{ ...rounds[0]!, winnerIds: ['z'] }]).agrees).toBe(false);
    expect(verifyGiveawayRounds(SEED.replace(/6$/, '7'), entrants, rounds).agrees).toBe(false);
  });
});
