import { createReward } from './support/admin-api';
import { expectNoSeriousAxeViolations } from './support/axe';
import { createVerifiedUser, demo, expect, signInByApi, test } from './support/fixtures';
import type { Page } from '@playwright/test';

async function openDashboard(page: Page) {
  await signInByApi(page, demo);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, demo' })).toBeVisible();
}

test.describe('dashboard', () => {
  test('a visitor is sent to the login dialog', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('the welcome card shows the level from the points and honest zero wagers', async ({ page, request }, testInfo) => {
    // A new member has 0 points; the featured reward comes from the store (GET /api/store/rewards).
    const reward = await createReward(request, 500, { featured: true, prefix: 'Gift' });
    const account = await createVerifiedUser(page, 'dash', testInfo.workerIndex);
    await page.goto('/dashboard');
    const welcome = page.getByRole('region', { name: `Welcome back, ${account.username}` });
    await expect(welcome).toBeVisible();
    // 0 points: unranked, level 0, no rewards earned yet.
    await expect(welcome.getByText('Level 0 · Unranked')).toBeVisible();
    await expect(welcome.getByRole('progressbar', { name: 'Level progress' })).toBeVisible();
    await expect(welcome.getByText('Level 25', { exact: true })).toBeVisible();
    await expect(welcome.getByText('VIP Badge')).toBeVisible();
    await expect(welcome.getByText('$0.00')).toHaveCount(2);
    await expect(welcome.getByText(/once a casino account is linked/)).toBeVisible();
    await expect(welcome.getByRole('link', { name: 'Link a casino account' })).toHaveAttribute('href', '/profile');

    const store = page.getByRole('region', { name: 'Featured Rewards' });
    const card = store.getByRole('group', { name: new RegExp(`^${reward.name},`) });
    await expect(card.getByText('500 points', { exact: true })).toBeVisible();
    await expect(card.getByText('500 more points needed')).toBeVisible();
  });

  test('the promo slider advances after 8 seconds', async ({ page }) => {
    await page.clock.install();
    await openDashboard(page);
    const slider = page.getByRole('region', { name: 'Promotions' });
    const first = slider.getByRole('button', { name: /^Show slide 1:/ });
    const second = slider.getByRole('button', { name: /^Show slide 2:/ });
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(slider).toHaveAttribute('data-autoplay', 'running');

    await page.clock.runFor(8_000);
    await expect(second).toHaveAttribute('aria-current', 'true');
    await expect(first).not.toHaveAttribute('aria-current', 'true');
    // Let the scroll animation finish: the second banner is the one on screen.
    await page.clock.runFor(2_000);
    await expect(slider.getByRole('group', { name: /, 2 of 4$/ })).toBeInViewport({ ratio: 0.9 });
  });

  test('the stop button keeps the slider still; reduced motion never rotates it', async ({ page }) => {
    await page.clock.install();
    await openDashboard(page);
    const slider = page.getByRole('region', { name: 'Promotions' });
    await slider.getByRole('button', { name: 'Stop slide rotation' }).click();
    // Move the pointer and focus away: hover and focus pause it anyway, the button must stop it for good.
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    await expect(slider.getByRole('button', { name: 'Start slide rotation' })).toBeVisible();
    await expect(slider).toHaveAttribute('data-autoplay', 'stopped');
    await page.clock.runFor(20_000);
    await expect(slider.getByRole('button', { name: /^Show slide 1:/ })).toHaveAttribute('aria-current', 'true');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(slider.getByRole('button', { name: /slide rotation$/ })).toHaveCount(0);
    await expect(slider).toHaveAttribute('data-autoplay', 'stopped');
  });

  test('keyboard focus brings an off-screen store card into view', async ({ page, request }) => {
    // At least two featured rewards, so the last card starts off screen at 375 px.
    await createReward(request, 600, { featured: true });
    await createReward(request, 700, { featured: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await openDashboard(page);
    const store = page.getByRole('region', { name: 'Featured Rewards' });
    const cards = store.getByRole('group');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    const last = cards.nth(count - 1);
    const lastName = (await last.getByRole('link').textContent())!;
    const beforeName = (await cards
      .nth(count - 2)
      .getByRole('link')
      .textContent())!;
    await expect(last).not.toBeInViewport();
    // Tab from the card before it, as a keyboard user would.
    await store.getByRole('link', { name: beforeName, exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(store.getByRole('link', { name: lastName, exact: true })).toBeFocused();
    await expect(last).toBeInViewport({ ratio: 0.9 });
  });

  test('a games card opens its game', async ({ page }) => {
    await openDashboard(page);
    const games = page.getByRole('region', { name: 'Games' });
    await games.getByRole('link', { name: 'Dice', exact: true }).click();
    await expect(page).toHaveURL(/\/games\/dice$/);
  });

  test('Mines Assist opens its page; no gadget is coming soon any more', async ({ page }) => {
    await openDashboard(page);
    const gadgets = page.getByRole('region', { name: 'Gadgets' });
    await expect(gadgets.getByRole('link')).toHaveCount(6);
    await expect(gadgets.getByText('Coming soon')).toHaveCount(0);
    await gadgets.getByRole('link', { name: 'Mines Assist' }).click();
    await expect(page).toHaveURL(/\/gadgets\/mines-assist$/);
  });

  test('fits a 375 px screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openDashboard(page);
    await expect(page.getByRole('region', { name: 'Gadgets' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openDashboard(page);
      await expect(page.getByRole('region', { name: 'Gadgets' })).toBeVisible();
      // The rotation's stop button is part of the page that is checked.
      await expect(page.getByRole('button', { name: 'Stop slide rotation' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, `dashboard (${colorScheme})`);
    });
  }
});
