import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { GAMES } from '@app/shared/games/catalogue';
import { collectErrors } from './support/console-errors';

test.describe('game pages', () => {
  // Every game of the catalogue the app shows (spec 2 §3): a game added there gets these checks too.
  for (const { slug, title } of GAMES) {
    test(`/games/${slug} loads without console errors`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(`/games/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const area = page.getByTestId('game-area');
      await expect(area).toBeVisible();
      // The game's lazy chunk has loaded (or the coming-soon note is shown) when no loader is left in the area.
      await expect(area.getByRole('status').filter({ hasText: /^Loading / })).toHaveCount(0);
      await expect(area).not.toBeEmpty();
      await expect(page.getByRole('table', { name: 'Live Bets' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('an unknown slug shows Game not found. with a way back', async ({ page }) => {
    await page.goto('/games/nope');
    await expect(page.getByRole('heading', { name: 'Game not found.' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to games' }).click();
    await expect(page).toHaveURL(/\/games$/);
  });

  test('/games lists every game', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/games');
    const list = page.getByRole('list', { name: 'All games' });
    await expect(list.getByRole('link')).toHaveCount(10);
    for (const { slug, title } of GAMES) {
      await expect(list.locator(`a[href="/games/${slug}"]`)).toContainText(title);
    }
    await expect(list.locator('a[href="/games/roulette"]')).toContainText('Table · RTP 99.1%');
    await expect(list.locator('a[href="/games/roulette"]')).toContainText('Most Popular');
    await list.locator('a[href="/games/keno"]').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Keno' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('More Games arrows show only when it can scroll that way', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto('/games/roulette');
    const more = page.getByRole('region', { name: 'More Games' });
    await expect(more.getByRole('link', { name: 'All Games' })).toHaveAttribute('href', '/games');
    await expect(more.getByRole('button', { name: 'Scroll right' })).toBeVisible();
    await expect(more.getByRole('button', { name: 'Scroll left' })).toHaveCount(0);
    await more.getByRole('button', { name: 'Scroll right' }).click();
    await expect(more.getByRole('button', { name: 'Scroll left' })).toBeVisible();
  });

  test('toolbar: full screen, bigger screen, live stats, currency', async ({ page }) => {
    await page.goto('/games/plinko');
    await page.getByRole('button', { name: 'Enter full screen' }).click();
    await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect(page.getByRole('button', { name: 'Enter full screen' })).toBeVisible();

    await page.getByRole('button', { name: 'Bigger screen' }).click();
    await expect(page.getByRole('button', { name: 'Bigger screen' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Live stats' }).click();
    const panel = page.getByRole('dialog', { name: 'Live Stats' });
    await expect(panel).toContainText('Weekly Race');
    await expect(panel).toContainText('56:35:11');
    const handle = panel.getByRole('button', { name: 'Move Live Stats' });
    const before = await panel.boundingBox();
    await handle.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await panel.boundingBox())!.y).toBe(before!.y + 10);
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x - 80, box.y + 60);
    await page.mouse.up();
    await expect.poll(async () => (await panel.boundingBox())!.x).toBe(before!.x - 100);

    const currency = page.getByRole('combobox', { name: 'Currency' });
    await expect(currency).toHaveText(/NZD/);
    const firstBet = page.getByRole('table', { name: 'Live Bets' }).getByRole('row').nth(1).getByRole('cell').nth(2);
    await expect(firstBet).toHaveText(/^NZ\$/);
    await currency.click();
    await page.getByRole('option', { name: 'USD' }).click();
    await expect(firstBet).toHaveText(/^\$/);
  });

  test('the game page fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/games/roulette');
    await expect(page.getByRole('heading', { level: 1, name: 'Roulette' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Live Bets' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('bets table: row count 1..24, back to 8 on a tab change', async ({ page }) => {
    await page.goto('/games/roulette');
    const rows = page.getByRole('table', { name: 'Live Bets' }).getByRole('row');
    await expect(rows).toHaveCount(9);
    await page.getByRole('combobox', { name: 'Rows' }).click();
    await expect(page.getByRole('option')).toHaveCount(24);
    await page.getByRole('option', { name: '3', exact: true }).click();
    await expect(rows).toHaveCount(4);
    await page.getByRole('tab', { name: 'High Rollers' }).click();
    await expect(page.getByRole('table', { name: 'High Rollers' }).getByRole('row')).toHaveCount(9);
    await page.getByRole('tab', { name: 'My Bets' }).click();
    await expect(page.getByText('No bets yet. Your rounds on this device show here.')).toBeVisible();
  });

  test('Fairness: rotating reveals the old seed, Verify reproduces the published vector', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/games/limbo');
    await page.getByRole('button', { name: 'Fairness' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provably Fair' });
    const hashed = dialog.getByLabel('Server Seed (hashed)', { exact: true });
    await expect(hashed).toHaveValue(/^[0-9a-f]{64}$/);
    const oldHash = await hashed.inputValue();
    const nextHash = await dialog.getByLabel('Next Server Seed (hashed)', { exact: true }).inputValue();
    await dialog.getByLabel('Client Seed', { exact: true }).fill('e2e-client');
    await dialog.getByRole('button', { name: 'Rotate Seeds' }).click();
    const previous = dialog.getByLabel('Previous Server Seed', { exact: true });
    await expect(previous).toHaveValue(/^[0-9a-f]{64}$/);
    const revealed = await previous.inputValue();
    expect(createHash('sha256').update(revealed, 'utf8').digest('hex')).toBe(oldHash);
    await expect(hashed).toHaveValue(nextHash);
    await expect(dialog.getByLabel('Total bets', { exact: true })).toHaveValue('0');

    // The pair survives a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Fairness' }).click();
    await expect(page.getByRole('dialog', { name: 'Provably Fair' }).getByLabel('Server Seed (hashed)', { exact: true })).toHaveValue(nextHash);
    await expect(page.getByRole('dialog', { name: 'Provably Fair' }).getByLabel('Client Seed', { exact: true })).toHaveValue('e2e-client');

    const dlg = page.getByRole('dialog', { name: 'Provably Fair' });
    await dlg.getByRole('tab', { name: 'Verify' }).click();
    await dlg.getByRole('combobox', { name: 'Game' }).click();
    await page.getByRole('option', { name: 'Limbo' }).click();
    await dlg.getByLabel('Server Seed', { exact: true }).fill('18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159');
    await dlg.getByLabel('Client Seed', { exact: true }).fill('bb62964774');
    await dlg.getByLabel('Nonce', { exact: true }).fill('1');
    await expect(dlg.getByLabel('Verified outcome', { exact: true })).toHaveText('Result 1.28×');

    await dlg.getByRole('combobox', { name: 'Game' }).click();
    await page.getByRole('option', { name: 'Keno' }).click();
    await expect(dlg.getByLabel('Verified outcome', { exact: true })).toHaveText('Drawn 31, 36, 12, 32, 2, 8, 20, 10, 25, 17');

    await dlg.getByRole('combobox', { name: 'Game' }).click();
    await page.getByRole('option', { name: 'Dice' }).click();
    await expect(dlg.getByLabel('Verified outcome', { exact: true })).toHaveText('Roll 77.1741');
    expect(errors).toEqual([]);
  });
});
