import { describe, expect, it } from 'vitest';
import { formatCents, formatX, parseCents } from './money-cents';

describe('money in cents', () => {
  it('parses decimal text to cents and refuses anything else', () => {
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('12.3')).toBe(1230);
    expect(parseCents('12,34')).toBe(1234);
    expect(parseCents('$1,000.50')).toBe(100050);
    expect(parseCents('0.05')).toBe(5);
    expect(parseCents('1.234')).toBeNull();
    expect(parseCents('-3')).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(parseCents('')).toBeNull();
  });

  it('formats cents in the currency and multiples with two decimals', () => {
    expect(formatCents(123456, 'USD')).toBe('$1,234.56');
    expect(formatCents(-5000, 'EUR')).toBe('-€50.00');
    expect(formatX(12.5)).toBe('12.50×');
    expect(formatX(null)).toBe('–');
  });
});
