import { DEAL_OR_NO_DEAL_PRESETS, dealOrNoDealBoard } from '@app/shared/games/deal-or-no-deal';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VERIFY_SETTINGS, VERIFY_GAMES, floatsNeeded, loadVerifiers, verifierOf, verifyRound } from './verify';

// The game page fetches the verifiers with the dialog; here they are fetched once for the file.
beforeAll(loadVerifiers);

const A = { serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', clientSeed: 'bb62964774', nonce: 1 };
const B = { serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', clientSeed: '3c83fc7e07', nonce: 3 };
const S = DEFAULT_VERIFY_SETTINGS;

describe('verifyRound', () => {
  it('formats outcomes as contracts.md fixes them', () => {
    expect(verifyRound('dice', A, S).outcome).toBe('Roll 77.1741');
    expect(verifyRound('limbo', A, S).outcome).toBe('Result 1.28×');
    expect(verifyRound('limbo', B, S).outcome).toBe('Result 5.05×');
    expect(verifyRound('crash', A, S).outcome).toBe('Crash point 1.28×');
    expect(verifyRound('keno', A, S).outcome).toBe('Drawn 31, 36, 12, 32, 2, 8, 20, 10, 25, 17');
    expect(verifyRound('roulette', A, S).outcome).toBe('Pocket 28 (black)');
    expect(verifyRound('roulette', B, S).outcome).toBe('Pocket 7 (red)');
    expect(verifyRound('blackjack', A, S).outcome).toBe('Cards Q♦, K♠, 6♦, Q♥, 2♥, 4♠, 8♥, 5♦, 9♣, 7♥');
    expect(verifyRound('mines', A, { ...S, mines: 1 }).outcome).toBe('Mines at 19');
    // A: floats 0.772 0.889 0.308 0.805 0.035 0.195 0.497 0.242 → R R L R L L L L, slot 3 (Low 8 rows: 1×)
    expect(verifyRound('plinko', A, { ...S, rows: 8, risk: 'low' }).outcome).toBe('Slot 3 · 1.00×');
    expect(verifyRound('plinko', A, { ...S, rows: 8, risk: 'low' }).detail).toBe('Path R R L R L L L L (8 rows, Low risk; slot 0 is far left).');
    expect(verifyRound('plinko', A, { ...S, rows: 18, risk: 'extreme' }).outcome).toBe('Slot 7 · 0.10×');
    // A: float 0 = 0.7717 ≥ p_1 = 0.495 → a duck at once on Medium; goose on Pleb (p_1 = 0.825)
    expect(verifyRound('duckduckgoose', A, S).outcome).toBe('Duck · lost');
    expect(verifyRound('duckduckgoose', A, { ...S, difficulty: 'pleb', hunts: 1 }).outcome).toBe('Goose · 1.20×');
    // B: floats 0.196, 0.458, 0.679 → goose (0.495), goose (2/3), goose (3/4) on Medium
    expect(verifyRound('duckduckgoose', B, { ...S, hunts: 3 }).outcome).toBe('Goose, Goose, Goose · 4.00×');
    expect(verifyRound('duckduckgoose', B, { ...S, hunts: 3 }).detail).toContain('p1 = 0.4950, p2 = 0.6667, p3 = 0.7500');
    // a duck ends the round: the hunts after it are not played
    expect(verifyRound('duckduckgoose', A, { ...S, hunts: 4 }).outcome).toBe('Duck · lost');
    expect(verifyRound('duckduckgoose', A, { ...S, hunts: 4 }).detail).toContain('The duck of hunt 1 ended the round.');
  });

  it('shows the HMAC block of every block used and the floats', () => {
    const keno = verifyRound('keno', A, S);
    expect(keno.blocks.map((b) => b.block)).toEqual([0, 1]);
    expect(keno.blocks[0]!.hex.startsWith('c590d171')).toBe(true);
    expect(keno.floats).toHaveLength(10);
    expect(verifyRound('dice', A, S).blocks).toHaveLength(1);
    expect(verifyRound('mines', A, { ...S, mines: 24 }).blocks).toHaveLength(3);
  });

  it('supports every engine game', () => {
    expect(VERIFY_GAMES.map((g) => g.id)).toEqual([
      'dice',
      'limbo',
      'crash',
      'keno',
      'mines',
      'plinko',
      'roulette',
      'blackjack',
      'duckduckgoose',
      'dealornodeal',
    ]);
    expect(floatsNeeded('plinko', { ...S, rows: 18 })).toBe(18);
    expect(floatsNeeded('duckduckgoose', { ...S, hunts: 9 })).toBe(9);
    expect(floatsNeeded('dealornodeal', { ...S, dealOrNoDealValues: DEAL_OR_NO_DEAL_PRESETS[26].join(',') })).toBe(25);
  });
});

describe('verifyRound: Deal or No Deal rebuilds the board', () => {
  it('lists every case with its value, the shared shuffle of the values given', () => {
    const values = DEAL_OR_NO_DEAL_PRESETS[16].join(', ');
    const board = dealOrNoDealBoard(A, DEAL_OR_NO_DEAL_PRESETS[16]);
    expect(verifyRound('dealornodeal', A, { ...S, dealOrNoDealValues: values }).outcome).toBe(
      board.map((v, i) => `Case ${i + 1}: ${v.toLocaleString('en-US')}`).join(', '),
    );
    expect(verifierOf('dealornodeal').fields![0]!.kind).toBe('text');
  });
});

describe('verifyRound: roulette with the bets on the table', () => {
  it('settles the bets the game shows on the engine pocket', () => {
    expect(verifyRound('roulette', A, { ...S, rouletteBets: '28:0.10, red:0.10, black:0.10' }).outcome).toBe('Pocket 28 (black) · bet 0.30 · return 3.80');
    expect(verifyRound('roulette', B, { ...S, rouletteBets: '7:1.00, 1st12:0.50, odd:0.05' }).outcome).toBe('Pocket 7 (red) · bet 1.55 · return 37.60');
    expect(verifyRound('roulette', A, S).outcome).toBe('Pocket 28 (black)');
  });

  it('names a bet it cannot read', async () => {
    const { rouletteBetsError } = await import('../roulette/roulette-verify');
    expect(rouletteBetsError('')).toBeNull();
    expect(rouletteBetsError('28:0.10, red:0.10')).toBeNull();
    expect(rouletteBetsError('purple:1')).toMatch(/Not a bet: "purple:1"/);
  });
});

describe('verifyRound: blackjack with the actions taken', () => {
  it('plays the hand out from the cards and settles it', () => {
    expect(verifyRound('blackjack', A, { ...S, blackjackActions: 'hit, stand' }).outcome).toBe(
      'Player Q♦ 6♦ 2♥ (18) · Dealer K♠ Q♥ (20) · Lose · Perfect Pair: none · 21+3: none',
    );
    expect(verifyRound('blackjack', A, { ...S, blackjackActions: 'double' }).outcome).toBe(
      'Player Q♦ 6♦ 2♥ (18) doubled · Dealer K♠ Q♥ (20) · Lose · Perfect Pair: none · 21+3: none',
    );
    expect(verifyRound('blackjack', A, { ...S, blackjackActions: 'hit, hit' }).outcome).toMatch(/^Player Q♦ 6♦ 2♥ 4♠ \(22\) · Dealer K♠ Q♥ \(20\) · Lose/);
    expect(verifyRound('blackjack', A, { ...S, blackjackActions: 'hit, stand' }).detail).toMatch(/^Actions hit, stand; 5 cards used\./);
  });

  it('names actions it cannot read', async () => {
    const { blackjackActionsError } = await import('../blackjack/blackjack-verify');
    expect(blackjackActionsError('')).toBeNull();
    expect(blackjackActionsError('none')).toBeNull();
    expect(blackjackActionsError('split')).toMatch(/Actions are hit, stand or double/);
  });
});
