import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RestrictionsNotice } from './restrictions-notice';

describe('RestrictionsNotice', () => {
  it('says what is restricted and until when', () => {
    render(
      <RestrictionsNotice
        restrictions={[
          { kind: 'timeout', label: 'Timeout', expiresAt: '2026-11-30T12:00:00.000Z' },
          { kind: 'ban_points_store', label: 'Points Store Ban', expiresAt: null },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your account is restricted' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/^Timeout until Nov 30, 2026/);
    expect(items[1]).toBe('Points Store Ban until an admin removes it');
  });

  it('shows nothing without restrictions', () => {
    const { container } = render(<RestrictionsNotice restrictions={[]} />);
    expect(container.textContent).toBe('');
  });
});
