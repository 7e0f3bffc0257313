import { describe, expect, it } from 'vitest';
import { BET_AMOUNT_ERROR, doubleAmount, halveAmount, parseBetAmount, toAmount } from './bet-amount';

describe('bet amount', () => {
  it('a bet must be a number above 0', () => {
    expect(parseBetAmount('0.5')).toBe(0.5);
    expect(parseBetAmount('0.1')).toBe(0.1);
    expect(parseBetAmount('0')).toBeNull();
    expect(parseBetAmount('-1')).toBeNull();
    expect(parseBetAmount('')).toBeNull();
    expect(parseBetAmount('   ')).toBeNull();
    expect(parseBetAmount('abc')).toBeNull();
    expect(parseBetAmount('nope')).toBeNull();
    expect(BET_AMOUNT_ERROR).toBe('Enter a bet amount greater than 0.');
  });

  it('half and double are formatted to 8 decimals', () => {
    expect(halveAmount('1')).toBe('0.50000000');
    expect(doubleAmount('0.00000001')).toBe('0.00000002');
    expect(doubleAmount('abc')).toBe('0.00000000');
    expect(toAmount('-3')).toBe(0);
  });
});
