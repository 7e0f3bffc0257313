import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

test.describe('leaderboard page', () => {
  test('the countdown starts at 5d 14h 32m 18s and ticks each second', async ({ page }) => {
    // Freeze the page's clock so a slow page load cannot let the timer tick before the first check.
    const start = new Date('2026-03-01T12:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    await page.goto('/leaderboard');
    const timer = page.getByRole('timer', { name: 'Time remaining' });
    await expect(timer).toHaveText('5d 14h 32m 18s');
    await page.clock.runFor(1_000);
    await expect(timer).toHaveText('5d 14h 32m 17s');
    await page.clock.runFor(60_000);
    await expect(timer).toHaveText('5d 14h 31m 17s');
    // Jump past the end (as after a long background pause): it stops at zero.
    await page.clock.fastForward(6 * 24 * 3_600_000);
    await expect(timer).toHaveText('0d 0h 0m 0s');
  });

  test('the countdown ticks on the real clock too', async ({ page }) => {
    await page.goto('/leaderboard');
    const timer = page.getByRole('timer', { name: 'Time remaining' });
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '');
  });

  test('shows the podium and ranks 4 to 18 with the gap to the position above', async ({ page }) => {
    await page.goto('/leaderboard');
    const podium = page.getByRole('region', { name: 'Top 3' });
    await expect(podium.getByRole('listitem')).toHaveCount(3);
    await expect(podium.getByRole('heading', { level: 3 })).toHaveText(['CryptoKing', 'LuckyLuna', 'HighRollerNZ']);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(16);
    await expect(rows.nth(1)).toHaveText(/#4\s*SpinDoctor\s*\$214,530\.25\s*\$84,244\.75\s*214\s*\$1,500/);
    await expect(rows.last()).toHaveText(/#18\s*MidnightMax/);
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
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
