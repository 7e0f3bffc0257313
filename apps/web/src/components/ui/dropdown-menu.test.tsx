import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

function AccountMenu({ onProfile }: { onProfile: () => void }) {
  const [isCompact, setIsCompact] = useState(false);
  const [currency, setCurrency] = useState('NZD');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger>Account</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Signed in</DropdownMenuLabel>
        <DropdownMenuItem onSelect={onProfile}>Profile</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem checked={isCompact} onCheckedChange={setIsCompact}>
          Compact view
        </DropdownMenuCheckboxItem>
        <DropdownMenuRadioGroup value={currency} onValueChange={setCurrency}>
          <DropdownMenuRadioItem value="NZD">NZD</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="USD">USD</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe('DropdownMenu', () => {
  it('opens from the keyboard, navigates with arrows and selects with Enter', async () => {
    const user = userEvent.setup();
    const onProfile = vi.fn();
    render(<AccountMenu onProfile={onProfile} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu')).toBeTruthy();
    // Enter opens the menu with focus on the first item.
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Profile' }));
    await user.keyboard('{Enter}');
    expect(onProfile).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('exposes checkbox and radio items with their checked state', async () => {
    const user = userEvent.setup();
    render(<AccountMenu onProfile={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const compact = screen.getByRole('menuitemcheckbox', { name: 'Compact view' });
    expect(compact.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('menuitemradio', { name: 'NZD' }).getAttribute('aria-checked')).toBe('true');
    await user.click(compact);

    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Compact view' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: 'USD' }));

    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('menuitemradio', { name: 'USD' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitemradio', { name: 'NZD' }).getAttribute('aria-checked')).toBe('false');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<AccountMenu onProfile={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
