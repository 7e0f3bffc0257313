import { baseURL } from './playwright.config';
import { createReward, tokenFor } from './support/admin-api';
import { expectNoSeriousAxeViolations, switchColourScheme } from './support/axe';
import { admin, demo, expect, signInByApi, test } from './support/fixtures';

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
  // In order: the seeded list first, then a store item reward set for the last test and removed after it.
  test.describe.configure({ mode: 'serial' });

  test('lists the level rewards a fresh install seeds (levels 2 to 24)', async ({ page }) => {
    await page.goto('/levelup-rewards');
    await expect(page.getByText('Level 2 · Bronze 2')).toBeVisible();
    await expect(page.getByText('Level 23 · Immortal 3')).toBeVisible();
    await expect(page.getByText('Rewards are temporarily unavailable.')).toHaveCount(0);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/levelup-rewards');
      await expect(page.getByText('Level 2 · Bronze 2')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `leaderboard (${colorScheme})`);
    });
  }

  test('a store item reward: shown with its stock to a member; no serious or critical axe violations (light and dark)', async ({ page }) => {
    const reward = await createReward(page.request, 100, { prefix: 'Level Item' });
    const token = await tokenFor(page.request, admin);
    const headers = { authorization: `Bearer ${token}`, origin: baseURL };
    const set = await page.request.put('/api/admin/levelup-rewards/24', { headers, data: { title: 'Immortal merch', rewardId: reward.id } });
    expect(set.status(), await set.text()).toBe(200);
    try {
      await signInByApi(page, demo);
      await page.goto('/levelup-rewards');
      await expect(page.getByRole('heading', { name: 'Immortal merch' })).toBeVisible();
      await expect(page.getByText(reward.name)).toBeVisible();
      await expect(page.getByText('Reach Immortal 4 to claim')).toBeVisible();
      for (const colorScheme of ['light', 'dark'] as const) {
        await switchColourScheme(page, colorScheme);
        await expectNoSeriousAxeViolations(page, `levelup-rewards store item (${colorScheme})`);
      }
    } finally {
      const removed = await page.request.delete('/api/admin/levelup-rewards/24', { headers });
      expect(removed.status()).toBe(204);
    }
  });
});
