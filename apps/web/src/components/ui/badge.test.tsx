import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from '@/components/ui/badge';

describe('Badge', () => {
  it.each([
    ['default', 'bg-primary'],
    ['secondary', 'bg-secondary'],
    ['destructive', 'text-red-800'],
    ['outline', 'border-border'],
    ['success', 'text-green-800'],
  ] as const)('renders the %s variant with its colours', (variant, expectedClass) => {
    render(<Badge variant={variant}>{variant} badge</Badge>);
    const badge = screen.getByText(`${variant} badge`);
    expect(badge.tagName).toBe('SPAN');
    expect(badge.getAttribute('data-slot')).toBe('badge');
    expect(badge.getAttribute('data-variant')).toBe(variant);
    expect(badge.classList.contains(expectedClass)).toBe(true);
  });

  it('uses the default variant when none is given and merges classes', () => {
    render(<Badge className="px-4">New</Badge>);
    const badge = screen.getByText('New');
    expect(badge.getAttribute('data-variant')).toBe('default');
    expect(badge.classList.contains('px-4')).toBe(true);
    expect(badge.classList.contains('px-2')).toBe(false);
  });

  it('renders its child element with asChild', () => {
    render(
      <Badge asChild variant="outline">
        <a href="/rewards">Rewards</a>
      </Badge>,
    );
    const link = screen.getByRole('link', { name: 'Rewards' });
    expect(link.getAttribute('data-slot')).toBe('badge');
  });
});
