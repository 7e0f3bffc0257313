import { act, render, screen } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster, toast } from '@/components/ui/sonner';

afterEach(() => {
  act(() => {
    sonnerToast.dismiss();
  });
});

function toastElement(title: string): HTMLElement {
  const element = screen.getByText(title).closest<HTMLElement>('[data-sonner-toast]');
  if (!element) throw new Error(`no toast element for "${title}"`);
  return element;
}

describe('toast', () => {
  // First in the file: nothing has asked for a toast yet.
  it('mounts no toaster until the first toast', async () => {
    const { container } = render(<Toaster />);
    expect(container.querySelector('[data-sonner-toaster]')).toBeNull();
    act(() => {
      toast({ title: 'First toast' });
    });
    await screen.findByText('First toast');
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull();
  });

  it('shows a default toast with its title and description in the theme colours', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Reward redeemed', description: 'Check your inbox.' });
    });
    await screen.findByText('Reward redeemed');
    expect(screen.getByText('Check your inbox.')).toBeTruthy();
    const element = toastElement('Reward redeemed');
    expect(element.getAttribute('data-type')).not.toBe('error');
    expect(element.className).not.toContain('--normal-bg:var(--destructive)');
    // The toaster points sonner's colours at our theme tokens.
    const toaster = element.closest<HTMLElement>('[data-sonner-toaster]');
    expect(toaster?.style.getPropertyValue('--normal-bg')).toBe('var(--popover)');
  });

  it("styles variant 'destructive' as an error toast in the destructive colours", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Not enough points', description: 'You need 500 more.', variant: 'destructive' });
    });
    await screen.findByText('Not enough points');
    const element = toastElement('Not enough points');
    expect(element.getAttribute('data-type')).toBe('error');
    expect(element.className).toContain('[--normal-bg:var(--destructive)]');
    expect(element.className).toContain('[--normal-text:var(--destructive-foreground)]');
    expect(element.className).toContain('dark:[--normal-bg:');
    const description = screen.getByText('You need 500 more.');
    expect(description.className).toContain('group-data-[type=error]:text-destructive-foreground');
  });
});
