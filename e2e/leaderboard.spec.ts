import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('leaderboard page', () => {
  test('shows the featured monthly race from the server with a countdown to its real end', async ({ page }) => {
    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { name: 'Monthly Leaderboard', level: 1 })).toBeVisible();
    const timer = page.getByRole('timer', { name: 'Time remaining' });
    await expect(timer).toHaveText(/^\d+d \d+h \d+m \d+s$/);
    // The seeded Stake monthly race ends weeks from now, not in the old sample's 5 days.
    const days = Number((await timer.textContent())?.split('d')[0]);
    expect(days).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Prizes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  });

  test('the countdown ticks on the real clock', async ({ page }) => {
    await page.goto('/leaderboard');
    const timer = page.getByRole('timer', { name: 'Time remaining' });
    await expect(timer).toBeVisible();
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/leaderboard');
      await expect(page.getByRole('timer')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `leaderboard (${colorScheme})`);
    });
  }
});

test.describe('level up rewards page', () => {
  test('says the rewards are temporarily unavailable', async ({ page }) => {
    await page.goto('/levelup-rewards');
    await expect(page.getByText('Rewards are temporarily unavailable.')).toBeVisible();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/levelup-rewards');
      await expect(page.getByText('Rewards are temporarily unavailable.')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `leaderboard (${colorScheme})`);
    });
  }
});
