import type { Page } from '@playwright/test';
import { checkBothSchemes } from './support/axe';
import { admin, demo, expect, signInByApi, test } from './support/fixtures';

/**
 * Finding things (issue 42): a member's header has a "More" menu with what a member uses beyond the
 * header's links, and an admin finds Admin in its account group; the header still fits the width.
 */

const MORE_ITEMS = ['Games', 'Slot Hub', 'Bonus Hunts', 'King of the Hill', 'Mines Assist', 'Random Slot Picker', "How-To's", 'Notifications'];

async function headerFits(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  const overflow = await header.evaluate((el) => {
    const row = el.firstElementChild as HTMLElement;
    return { row: row.scrollWidth - row.clientWidth, page: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });
  expect(overflow).toEqual({ row: 0, page: 0 });
}

test('a member finds Games, Slot Hub, Bonus Hunts, the gadgets and Notifications in "More"; no Admin', async ({ page }) => {
  await signInByApi(page, demo);
  for (const width of [1280, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await headerFits(page);
  }
  await page.getByRole('button', { name: 'More' }).click();
  const menu = page.getByRole('menu');
  for (const name of MORE_ITEMS) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await checkBothSchemes(page, 'header More menu');
  await menu.getByRole('menuitem', { name: 'Slot Hub' }).click();
  await expect(page).toHaveURL(/\/slots$/);
});

test("an admin finds Admin in the More menu's account group and in the mobile menu", async ({ page }) => {
  await signInByApi(page, admin);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin/);

  await page.setViewportSize({ width: 375, height: 667 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  for (const name of [...MORE_ITEMS, 'Admin']) await expect(mobile.getByRole('link', { name, exact: true })).toBeAttached();
  await checkBothSchemes(page, 'mobile menu with More');
});
