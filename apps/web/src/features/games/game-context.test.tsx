import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CURRENCY_STORAGE_KEY, GameProvider, useGameCurrency } from './game-context';

beforeEach(() => localStorage.clear());

describe('game context', () => {
  it('defaults to NZD, converts between rates, and remembers the choice', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <GameProvider>{children}</GameProvider>;
    const { result } = renderHook(() => useGameCurrency(), { wrapper });
    expect(result.current.code).toBe('NZD');
    expect(result.current.rate).toBe(1.67);
    expect(result.current.convert(10, 'USD')).toBeCloseTo(16.7, 10);
    expect(result.current.format(1234.5)).toBe('NZ$1,234.50');
    act(() => result.current.setCurrency('JPY'));
    expect(result.current.code).toBe('JPY');
    expect(result.current.convert(1.67, 'NZD')).toBeCloseTo(157, 10);
    expect(result.current.format(1234.5)).toBe('¥1,235');
    expect(localStorage.getItem(CURRENCY_STORAGE_KEY)).toBe('JPY');
  });

  it('reads a saved currency and falls back to NZD outside a provider', () => {
    localStorage.setItem(CURRENCY_STORAGE_KEY, 'EUR');
    function Show() {
      return <span>{useGameCurrency().code}</span>;
    }
    render(
      <GameProvider>
        <Show />
      </GameProvider>,
    );
    expect(screen.getByText('EUR')).toBeTruthy();
    const { result } = renderHook(() => useGameCurrency());
    expect(result.current.code).toBe('NZD');
  });
});
