import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

function SeedTabs() {
  return (
    <Tabs defaultValue="seeds">
      <TabsList aria-label="Fairness">
        <TabsTrigger value="seeds">Seeds</TabsTrigger>
        <TabsTrigger value="verify">Verify</TabsTrigger>
      </TabsList>
      <TabsContent value="seeds">Seeds panel</TabsContent>
      <TabsContent value="verify">Verify panel</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows the first panel, labelled by its tab', () => {
    render(<SeedTabs />);
    expect(screen.getByRole('tab', { name: 'Seeds' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Seeds' }).textContent).toBe('Seeds panel');
    expect(screen.queryByText('Verify panel')).toBeNull();
  });

  it('moves to the next tab with ArrowRight and back with ArrowLeft, showing the matching panel', async () => {
    const user = userEvent.setup();
    render(<SeedTabs />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Seeds' }));

    await user.keyboard('{ArrowRight}');
    const verify = screen.getByRole('tab', { name: 'Verify' });
    expect(document.activeElement).toBe(verify);
    expect(verify.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Verify' }).textContent).toBe('Verify panel');
    expect(screen.queryByText('Seeds panel')).toBeNull();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Seeds' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Seeds panel');
  });

  it('switches on click', async () => {
    const user = userEvent.setup();
    render(<SeedTabs />);
    await user.click(screen.getByRole('tab', { name: 'Verify' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Verify panel');
  });
});
