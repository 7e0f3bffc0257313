import { expect, test } from '@playwright/test';
import { collectErrors } from './support/console-errors';
import { holdRequests, recordLayoutShifts } from './support/layout';

test.describe('app shell', () => {
  test('the landing page loads compressed assets with no console error', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // spec 1 §2's 'Updated hourly', made true: the table is read again every 30 seconds.
    await expect(page.getByText('Updated every 30 seconds')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the landing page's race table keeps its size while the standings load, and nothing moves", async ({ page }) => {
    // Tall enough that the table and everything under it are in the viewport, where a shift would count.
    await page.setViewportSize({ width: 1366, height: 2400 });
    const shifts = await recordLayoutShifts(page);
    const release = await holdRequests(page, '**/api/leaderboard');
    await page.goto('/');
    const standings = page.getByRole('region', { name: 'Race standings' });
    await expect(standings.getByRole('status')).toHaveText('Loading the standings…');
    await expect(standings.getByRole('row')).toHaveCount(6);
    // Measured until it has a box: when the standings' chunk arrives, React replaces the Suspense
    // fallback's region by the chunk's own loading region, and an element measured as it is
    // replaced has none (null). Both have the same box, checked below.
    let loading: Awaited<ReturnType<typeof standings.boundingBox>> = null;
    await expect.poll(async () => (loading = await standings.boundingBox())).not.toBeNull();
    const gadgets = await page.getByRole('heading', { name: 'Gadget tools' }).boundingBox();
    release();
    await expect(standings.getByRole('status')).toHaveCount(0);
    // Standings or the no-race message, whichever the server has: the same box either way.
    expect(await standings.boundingBox()).toEqual(loading);
    expect(await page.getByRole('heading', { name: 'Gadget tools' }).boundingBox()).toEqual(gadgets);
    expect(await shifts()).toEqual([]);
  });

  test('a page opened directly draws the layout while its chunk loads, the footer below the fold, and nothing moves', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const shifts = await recordLayoutShifts(page);
    const release = await holdRequests(page, /\/assets\/casino-reviews-page-[^/]+\.js$/);
    await page.goto('/casino-reviews');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).not.toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Casino Reviews', level: 1 })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Casino Reviews', level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).not.toBeInViewport();
    expect(await shifts()).toEqual([]);
  });

  test('a link to a section of a page opened directly scrolls to it', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/games/dice#more-games-heading');
    await expect(page.locator('#more-games-heading')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the header links navigate', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Rewards' }).click();
    await expect(page).toHaveURL(/\/rewards$/);
    await nav.getByRole('link', { name: 'Leaderboards' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await nav.getByRole('link', { name: 'Casino Reviews' }).click();
    await expect(page).toHaveURL(/\/casino-reviews$/);
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/nope');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the footer carries its columns and badges', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const text of ['Product', 'Support', 'Legal', 'Secure & Private', 'Available Worldwide', 'Mobile & Web']) {
      await expect(footer.getByText(text, { exact: true })).toBeVisible();
    }
  });

  test('the theme follows the system preference when nothing is stored', async ({ browser }) => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
      await context.close();
    }
  });

  test('the theme toggle persists across a reload', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await context.close();
  });

  test('the theme class is set before the app script runs (no flash)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('the mobile menu opens at 375 px and mirrors the header', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Rewards', 'Leaderboards', 'Casino Reviews']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Get Started' })).toBeVisible();
    await menu.getByRole('link', { name: 'Leaderboards' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(menu).toBeHidden();
    await context.close();
  });

  test('serves hashed assets compressed with immutable caching and client routes as index.html', async ({ request }) => {
    const html = await request.get('/some/client/route');
    expect(html.status()).toBe(200);
    expect(html.headers()['content-type']).toContain('text/html');
    const script = (await html.text()).match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toMatch(/br|gzip/);
    expect(asset.headers()['cache-control']).toContain('immutable');
    const api = await request.get('/api/nope');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  test('the API docs page renders the OpenAPI document', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Rewards Hub API/ })).toBeVisible();
    // Every tag is listed, folded (docExpansion 'none'); one opens with a click and shows its operations.
    await expect(page.getByRole('heading', { level: 3, name: /^v1\b/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /^admin\b/ })).toBeVisible();
    await page.locator('h3.opblock-tag[data-tag="health"]').click();
    await expect(page.getByText('/api/health').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
