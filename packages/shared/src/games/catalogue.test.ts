import { describe, expect, it } from 'vitest';
import { GAMES, GAME_SLUGS, gameBySlug, isGameSlug } from './catalogue';
import { BET_FEED_SCALE, CURRENCIES, DEFAULT_CURRENCY, currencyRate, formatCurrency, isCurrencyCode } from './currencies';

describe('catalogue', () => {
  it('has the ten games of spec 2 §3 in order with type, RTP and popular', () => {
    expect(GAMES.map((g) => g.slug)).toEqual([...GAME_SLUGS]);
    expect(GAMES.map((g) => [g.slug, g.type, g.rtp, g.popular])).toEqual([
      ['dice', 'Table', '97.5%', false],
      ['mines', 'Crash', '98%', true],
      ['plinko', 'Arcade', '96%', false],
      ['dealornodeal', 'Game Show', '96.8%', true],
      ['duckduckgoose', 'Arcade', '97%', false],
      ['roulette', 'Table', '99.1%', true],
      ['limbo', 'Crash', '98%', false],
      ['keno', 'Lottery', '94%', false],
      ['blackjack', 'Table', '99.5%', true],
      ['crash', 'Crash', '98%', true],
    ]);
  });

  it('finds games by slug', () => {
    expect(gameBySlug('keno')?.title).toBe('Keno');
    expect(gameBySlug('nope')).toBeUndefined();
    expect(isGameSlug('crash')).toBe(true);
    expect(isGameSlug('Crash')).toBe(false);
  });
});

describe('currencies', () => {
  it('has the spec 2 §9 rates and NZD as default', () => {
    expect(CURRENCIES.map((c) => [c.code, c.rate])).toEqual([
      ['USD', 1],
      ['NZD', 1.67],
      ['EUR', 0.91],
      ['GBP', 0.78],
      ['AUD', 1.54],
      ['CAD', 1.36],
      ['JPY', 157],
      ['SEK', 10.6],
    ]);
    expect(DEFAULT_CURRENCY).toBe('NZD');
    expect(BET_FEED_SCALE).toBe(50000);
    expect(currencyRate('JPY')).toBe(157);
    expect(isCurrencyCode('XXX')).toBe(false);
  });

  it('formats amounts', () => {
    expect(formatCurrency(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatCurrency(1234.5, 'JPY')).toBe('¥1,235');
  });
});
