import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

describe('Checkbox', () => {
  it('is named by its label and toggles with Space, exposing aria-checked', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(
      <div>
        <Checkbox id="remember" onCheckedChange={onCheckedChange} />
        <Label htmlFor="remember">Remember me</Label>
      </div>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(checkbox.getAttribute('aria-checked')).toBe('false');

    await user.tab();
    expect(document.activeElement).toBe(checkbox);
    await user.keyboard(' ');
    expect(checkbox.getAttribute('aria-checked')).toBe('true');
    expect(checkbox.getAttribute('data-state')).toBe('checked');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);

    await user.keyboard(' ');
    expect(checkbox.getAttribute('aria-checked')).toBe('false');
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('toggles when its label is clicked', async () => {
    const user = userEvent.setup();
    render(
      <div>
        <Checkbox id="terms" />
        <Label htmlFor="terms">I accept the terms</Label>
      </div>,
    );
    await user.click(screen.getByText('I accept the terms'));
    expect(screen.getByRole('checkbox', { name: 'I accept the terms' }).getAttribute('aria-checked')).toBe('true');
  });

  it('exposes the mixed state', () => {
    render(<Checkbox aria-label="Select all" checked="indeterminate" />);
    expect(screen.getByRole('checkbox', { name: 'Select all' }).getAttribute('aria-checked')).toBe('mixed');
  });

  it('does not toggle when disabled', async () => {
    const user = userEvent.setup();
    render(<Checkbox aria-label="Locked" disabled />);
    const checkbox = screen.getByRole('checkbox', { name: 'Locked' });
    await user.click(checkbox);
    expect(checkbox.getAttribute('aria-checked')).toBe('false');
  });
});
