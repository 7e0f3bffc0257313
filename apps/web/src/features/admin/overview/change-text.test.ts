import { describe, expect, it } from 'vitest';
import { changeText } from './overview-screen';

describe('overview change text', () => {
  it('says "new" rather than a percentage when the server found the base too small', () => {
    expect(changeText({ value: 5, previous: 1, changePercent: null })).toBe('New in the last 30 days');
    expect(changeText({ value: 0, previous: 0, changePercent: null })).toBe('No change vs last 30 days');
    expect(changeText({ value: 2, previous: 4, changePercent: null })).toBe('Down from 4 30 days ago');
  });

  it('shows the percentage with its sign otherwise', () => {
    expect(changeText({ value: 15, previous: 10, changePercent: 50 })).toBe('+50.0% vs last 30 days');
    expect(changeText({ value: 7, previous: 30, changePercent: -76.7 })).toBe('-76.7% vs last 30 days');
  });
});
