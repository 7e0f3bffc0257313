import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button asChild (our Slot)', () => {
  it('renders the child with the button classes joined to its own and the child props winning', () => {
    render(
      <Button asChild variant="outline" title="from the button">
        <a href="/rewards" className="mt-4" title="from the link">
          Rewards
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Rewards' });
    expect(link.getAttribute('href')).toBe('/rewards');
    expect(link.className).toContain('border-input');
    expect(link.className).toContain('mt-4');
    expect(link.getAttribute('title')).toBe('from the link');
    expect(link.getAttribute('data-slot')).toBe('button');
    expect(link.hasAttribute('type')).toBe(false);
  });

  it('runs both click handlers, the child first, and hands the element to both refs', async () => {
    const calls: string[] = [];
    const slotRef = createRef<HTMLAnchorElement>();
    const childRef = vi.fn();
    render(
      <Button asChild ref={slotRef as never} onClick={() => calls.push('button')}>
        <a
          href="#x"
          ref={childRef}
          onClick={(event) => {
            event.preventDefault();
            calls.push('link');
          }}
        >
          Go
        </a>
      </Button>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(calls).toEqual(['link', 'button']);
    expect(slotRef.current?.tagName).toBe('A');
    expect(childRef).toHaveBeenCalledWith(slotRef.current);
  });
});
