import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

describe('Switch', () => {
  it('is named by its label and toggles with Space, exposing aria-checked', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(
      <div>
        <Switch id="auto" onCheckedChange={onCheckedChange} />
        <Label htmlFor="auto">Auto bet</Label>
      </div>,
    );
    const toggle = screen.getByRole('switch', { name: 'Auto bet' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);

    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('follows a controlled value', () => {
    const { rerender } = render(<Switch aria-label="Sound" checked={false} />);
    expect(screen.getByRole('switch', { name: 'Sound' }).getAttribute('aria-checked')).toBe('false');
    rerender(<Switch aria-label="Sound" checked />);
    expect(screen.getByRole('switch', { name: 'Sound' }).getAttribute('aria-checked')).toBe('true');
  });
});
