import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slider } from '@/components/ui/slider';

describe('Slider', () => {
  it('puts aria-label and the value range on the thumb (the element with role="slider")', () => {
    const { container } = render(<Slider aria-label="Rows" min={8} max={18} defaultValue={[8]} name="rows" />);
    const thumb = screen.getByRole('slider', { name: 'Rows' });
    expect(thumb.getAttribute('aria-valuemin')).toBe('8');
    expect(thumb.getAttribute('aria-valuemax')).toBe('18');
    expect(thumb.getAttribute('aria-valuenow')).toBe('8');
    // The root is not a slider and must not carry a dangling name.
    expect(container.querySelector('[data-slot="slider"]')?.hasAttribute('aria-label')).toBe(false);
  });

  it('moves with the arrow keys and keeps aria-valuetext current when uncontrolled', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Slider aria-label="Rows" min={8} max={18} defaultValue={[8]} getValueText={(value) => `${value} rows`} onValueChange={onValueChange} />);
    const thumb = screen.getByRole('slider', { name: 'Rows' });
    expect(thumb.getAttribute('aria-valuetext')).toBe('8 rows');
    thumb.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(thumb.getAttribute('aria-valuenow')).toBe('10');
    expect(thumb.getAttribute('aria-valuetext')).toBe('10 rows');
    expect(onValueChange).toHaveBeenLastCalledWith([10]);
    await user.keyboard('{End}');
    expect(thumb.getAttribute('aria-valuenow')).toBe('18');
  });

  it('labels each thumb of a range slider and follows a controlled value', async () => {
    const user = userEvent.setup();
    function Range() {
      const [value, setValue] = useState([20, 80]);
      return <Slider thumbLabels={['Minimum', 'Maximum']} value={value} onValueChange={setValue} />;
    }
    render(<Range />);
    const min = screen.getByRole('slider', { name: 'Minimum' });
    const max = screen.getByRole('slider', { name: 'Maximum' });
    expect(min.getAttribute('aria-valuenow')).toBe('20');
    expect(max.getAttribute('aria-valuenow')).toBe('80');
    max.focus();
    await user.keyboard('{ArrowLeft}');
    expect(max.getAttribute('aria-valuenow')).toBe('79');
  });

  it('passes aria-labelledby to the thumb', () => {
    render(
      <div>
        <span id="chance-label">Win chance</span>
        <Slider aria-labelledby="chance-label" defaultValue={[49.5]} step={0.5} />
      </div>,
    );
    expect(screen.getByRole('slider', { name: 'Win chance' }).getAttribute('aria-valuenow')).toBe('49.5');
  });
});
