import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkBothSchemes } from './support/axe';
import { admin, expect, signInByApi, test } from './support/fixtures';

/**
 * Scheduled wager sync: an admin configures a partner's wager sync in Settings against a local
 * HTTP server that plays the casino, runs it now, and the key is shown only as "saved". The section
 * passes axe in dark and light, wide and narrow. Gamdom (p5) and disabled: the shared e2e server's
 * scheduler does not pick it up, and its races are untouched (the username is nobody's account).
 */
test('admin Settings: configure a partner sync, run it now against a local casino, the key stays write-only', async ({ page }) => {
  const username = `e2e_sync_${Date.now().toString(36)}`;
  const key = `k_${Math.random().toString(36).slice(2)}`;
  const seen: IncomingHttpHeaders[] = [];
  const casino = createServer((request, response) => {
    seen.push(request.headers);
    const url = new URL(request.url ?? '/', 'http://casino.test');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: [{ username, date: url.searchParams.get('to'), category: 'slots', wagered: 12.5 }] }));
  });
  await new Promise<void>((resolve) => casino.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(casino.address() as AddressInfo).port}/wagers`;
  try {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signInByApi(page, admin);
    await page.goto('/admin/settings');
    const gamdom = page.getByRole('region', { name: 'Gamdom' });
    await expect(gamdom).toBeVisible();

    await gamdom.getByLabel('Endpoint URL').fill(endpoint);
    await gamdom.getByLabel('Key', { exact: true }).fill(key);
    await gamdom.getByLabel('Key header').fill('x-api-key');
    await gamdom.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Gamdom sync saved')).toBeVisible();
    await expect(gamdom.getByLabel('Key', { exact: true })).toHaveValue('');
    await expect(gamdom.getByLabel('Key', { exact: true })).toHaveAttribute('placeholder', 'saved');
    await expect(gamdom.getByText('A key is saved. Leave empty to keep it.')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(key);

    await gamdom.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText('Gamdom synced')).toBeVisible();
    await expect(page.getByText('1 row, 0 points credited.')).toBeVisible();
    await expect(gamdom.getByText('1 row (1 new, 0 changed), 0 points credited')).toBeVisible();
    expect(seen.at(-1)?.['x-api-key']).toBe(key);

    await checkBothSchemes(page, 'admin settings, wager sync (1366)');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(gamdom).toBeVisible();
    await checkBothSchemes(page, 'admin settings, wager sync (375)');
  } finally {
    casino.closeAllConnections();
    await new Promise<void>((resolve) => casino.close(() => resolve()));
  }
});
