import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectSeparator, SelectTrigger, SelectValue } from '@/components/ui/select';

function GamePicker({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('dice');
  return (
    <div>
      <Label htmlFor="game">Game</Label>
      <Select
        value={value}
        onValueChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      >
        <SelectTrigger id="game">
          <SelectValue placeholder="Choose a game" />
        </SelectTrigger>
        <SelectContent>
          <SelectGroup>
            <SelectLabel>Originals</SelectLabel>
            <SelectItem value="dice">Dice</SelectItem>
            <SelectItem value="limbo">Limbo</SelectItem>
          </SelectGroup>
          <SelectSeparator />
          <SelectItem value="keno">Keno</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}

describe('Select', () => {
  it('is a labelled combobox showing the current value', () => {
    render(<GamePicker onChange={vi.fn()} />);
    const trigger = screen.getByRole('combobox', { name: 'Game' });
    expect(trigger.textContent).toContain('Dice');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens with the keyboard and picks an option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<GamePicker onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Game' });
    trigger.focus();
    await user.keyboard('{Enter}');

    const listbox = await screen.findByRole('listbox');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Dice', 'Limbo', 'Keno']);
    expect(screen.getByRole('option', { name: 'Dice' }).getAttribute('aria-selected')).toBe('true');
    expect(listbox).toBeTruthy();

    await user.click(screen.getByRole('option', { name: 'Keno' }));
    expect(onChange).toHaveBeenCalledWith('keno');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toContain('Keno');
  });

  it('picks an option with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<GamePicker onChange={onChange} />);
    screen.getByRole('combobox', { name: 'Game' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('limbo');
    expect(screen.getByRole('combobox', { name: 'Game' }).textContent).toContain('Limbo');
  });
});
