import { expectNoSeriousAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import type { Locator, Page } from '@playwright/test';

function casinoList(page: Page): Locator {
  return page.getByRole('region', { name: 'Casinos' }).getByRole('listitem');
}

async function expectCasinos(page: Page, names: string[]) {
  const items = casinoList(page);
  await expect(items).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(items.nth(i)).toContainText(name);
}

const detailTitle = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

test.describe('casino reviews page', () => {
  test('lists the casinos by rank, and nothing is selected at first', async ({ page }) => {
    await page.goto('/casino-reviews');
    await expectCasinos(page, ['Stake', 'Roobet', 'BC.Game', 'Gamdom']);
    await expect(casinoList(page).first()).toContainText('Rank #1');
    await expect(casinoList(page).first()).toContainText('4.5');
    await expect(page.getByText('Select a casino from the list to view detailed information and bonuses.')).toBeVisible();
    await expect(page.getByText('Must be 18+ to play. Please gamble responsibly.')).toBeVisible();
    const box = await page.getByRole('region', { name: 'Casinos' }).boundingBox();
    expect(box?.height).toBe(848);
  });

  test('search matches a tag and selects the first result by rank', async ({ page }) => {
    await page.goto('/casino-reviews');
    await page.getByPlaceholder('Search casinos...').fill('vip program');
    await expectCasinos(page, ['Stake', 'Gamdom']);
    await expect(detailTitle(page)).toHaveText('Stake');
  });

  test('the category dropdown filters on a tag', async ({ page }) => {
    await page.goto('/casino-reviews');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Mobile Friendly' }).click();
    await expectCasinos(page, ['Roobet', 'BC.Game']);
    await expect(detailTitle(page)).toHaveText('Roobet');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Sports' }).click();
    await expectCasinos(page, ['Stake', 'BC.Game', 'Gamdom']);
  });

  test('each tab filters the list', async ({ page }) => {
    await page.goto('/casino-reviews');
    const tabs = page.getByRole('tablist', { name: 'Casino lists' });
    await tabs.getByRole('tab', { name: 'Top Rated' }).click();
    await expectCasinos(page, ['Stake', 'Roobet', 'BC.Game']);
    await tabs.getByRole('tab', { name: 'Crypto' }).click();
    await expectCasinos(page, ['Stake']);
    await tabs.getByRole('tab', { name: 'Slots' }).click();
    await expectCasinos(page, ['Roobet', 'Gamdom']);
    await tabs.getByRole('tab', { name: 'Best Bonuses' }).click();
    await expectCasinos(page, ['BC.Game']);
    await expect(detailTitle(page)).toHaveText('BC.Game');
    await tabs.getByRole('tab', { name: 'All' }).click();
    await expectCasinos(page, ['Stake', 'Roobet', 'BC.Game', 'Gamdom']);
  });

  test('no result shows the empty state, and Reset Filters brings everything back', async ({ page }) => {
    await page.goto('/casino-reviews');
    await page.getByRole('tablist', { name: 'Casino lists' }).getByRole('tab', { name: 'Crypto' }).click();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Mobile Friendly' }).click();
    await expect(page.getByText('No casinos found matching your criteria.')).toBeVisible();
    await expect(page.getByText('Select a casino from the list to view detailed information and bonuses.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expectCasinos(page, ['Stake', 'Roobet', 'BC.Game', 'Gamdom']);
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('All Categories');
    await expect(page.getByRole('tab', { name: 'All', exact: true })).toHaveAttribute('aria-selected', 'true');
  });

  test('the detail panel has rating bars, tiles and tabs, and Visit Casino opens a new window without opener', async ({ page, context }) => {
    await page.goto('/casino-reviews');
    await page.getByRole('button', { name: /Gamdom/ }).click();
    const detail = page.getByRole('article', { name: 'Gamdom' });
    for (const bar of ['Games Selection', 'Bonuses & Promotions', 'Customer Support', 'Payouts Speed', 'User Experience']) {
      await expect(detail.getByRole('progressbar', { name: bar })).toBeVisible();
    }
    await expect(detail.getByRole('progressbar', { name: 'Games Selection' })).toHaveAttribute('aria-valuenow', '80');
    await expect(detail.getByText('35 providers')).toBeVisible();
    await detail.getByRole('tab', { name: 'Pros & Cons' }).click();
    await expect(detail.getByText('No dedicated VIP host')).toBeVisible();
    await detail.getByRole('tab', { name: 'Details' }).click();
    await expect(detail.getByText('2016')).toBeVisible();

    // Keep the test offline: answer the casino's site locally.
    await context.route('https://gamdom.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Gamdom</title>' }));
    const link = detail.getByRole('link', { name: /Visit Casino/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://gamdom.com/');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/casino-reviews');
      await page.getByRole('button', { name: /Stake/ }).click();
      await expect(page.getByRole('article', { name: 'Stake' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, `reviews (${colorScheme})`);
      await page.getByPlaceholder('Search casinos...').fill('zzz');
      await expect(page.getByText('No casinos found matching your criteria.')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `reviews (${colorScheme})`);
    });
  }
});
