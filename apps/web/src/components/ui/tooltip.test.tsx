import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS, Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

afterEach(() => {
  vi.useRealTimers();
});

function CopyTooltip() {
  return (
    <Tooltip>
      <TooltipTrigger>Copy</TooltipTrigger>
      <TooltipContent>Copy the seed</TooltipContent>
    </Tooltip>
  );
}

describe('Tooltip', () => {
  it('uses the spec delay of 700 ms', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
  });

  it('works without an app-wide provider and shows on keyboard focus, describing its trigger', async () => {
    const user = userEvent.setup();
    render(<CopyTooltip />);
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Copy' });
    expect(document.activeElement).toBe(trigger);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Copy the seed');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on hover only after the 700 ms delay', async () => {
    vi.useFakeTimers();
    render(<CopyTooltip />);
    // Radix opens a tooltip on a mouse pointermove over the trigger.
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Copy' }), { pointerType: 'mouse' });
    await act(() => vi.advanceTimersByTimeAsync(TOOLTIP_DELAY_MS - 50));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('tooltip').textContent).toBe('Copy the seed');
  });
});
