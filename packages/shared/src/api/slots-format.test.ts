import { describe, expect, it } from 'vitest';
import { formatMaxWin, formatRtp, formatVolatility } from './slots.ts';

describe('a slot figure reads one way on every page', () => {
  it('RTP with two decimals, volatility in words, max win as a multiple, an unpublished figure as Unknown', () => {
    expect(formatRtp(96.5)).toBe('96.50%');
    expect(formatRtp(96)).toBe('96.00%');
    expect(formatVolatility('very_high')).toBe('Very high');
    expect(formatMaxWin(21100)).toBe('21,100×');
    expect([formatRtp(null), formatVolatility(null), formatMaxWin(null)]).toEqual(['Unknown', 'Unknown', 'Unknown']);
  });
});
