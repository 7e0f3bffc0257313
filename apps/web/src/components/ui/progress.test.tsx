import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Progress } from '@/components/ui/progress';

describe('Progress', () => {
  it('is a named progressbar exposing aria-valuenow, min and max', () => {
    render(<Progress value={42} label="Progress to Silver 1" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress to Silver 1' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
  });

  it('clamps values outside the range instead of dropping them', () => {
    const { rerender } = render(<Progress value={140} label="Level" />);
    expect(screen.getByRole('progressbar', { name: 'Level' }).getAttribute('aria-valuenow')).toBe('100');
    rerender(<Progress value={-5} label="Level" />);
    expect(screen.getByRole('progressbar', { name: 'Level' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('supports a custom max and moves the indicator', () => {
    const { container } = render(<Progress value={5} max={20} label="Tickets" />);
    const bar = screen.getByRole('progressbar', { name: 'Tickets' });
    expect(bar.getAttribute('aria-valuemax')).toBe('20');
    const indicator = container.querySelector<HTMLElement>('[data-slot="progress-indicator"]');
    expect(indicator?.style.transform).toBe('translateX(-75%)');
  });

  it('is indeterminate without a value', () => {
    render(<Progress label="Loading" />);
    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('data-state')).toBe('indeterminate');
  });
});
