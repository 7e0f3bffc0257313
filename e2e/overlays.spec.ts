import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL, kickURL } from './playwright.config';
import { adminCall, uniqueName } from './support/admin-api';
import { expectNoSeriousAxeViolations, noTransitions } from './support/axe';
import { admin, expect, signInByApi, test } from './support/fixtures';
import { BROADCASTER } from './support/kick';

// The stream overlays end to end: /overlay/alerts shows a follow the fake Kick delivers, and not
// again after a reload; the admin's Copy puts an absolute overlay URL on the clipboard; axe on the
// new overlays in both themes (?theme=dark|light: overlays follow their URL, not the machine).
// The rules themselves: apps/server/src/modules/chat/stream-alerts.test.ts and the overlays' component tests.

/** A follow of the connected channel, signed and delivered to our webhook by the fake Kick. */
async function deliverFollow(request: APIRequestContext, follower: { user_id: number; username: string }): Promise<void> {
  const answer = await request.post(`${kickURL}/_fake/deliver`, {
    data: { to: `${baseURL}/api/integrations/kick/webhook`, type: 'channel.followed', body: { broadcaster: BROADCASTER, follower } },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ status: 200 });
}

/**
 * Connects the fake Kick's channel through Kick's OAuth by API, unless a spec did already (one
 * channel for the whole run): the connect call, Kick's authorize redirect, our callback with the
 * binding cookie (the request context keeps it).
 */
async function connectChannel(request: APIRequestContext): Promise<void> {
  if ((await adminCall<{ connected: boolean }>(request, 'get', '/api/admin/stream')).connected) return;
  const { url } = await adminCall<{ url: string }>(request, 'post', '/api/admin/stream/connect');
  const authorize = await request.get(url, { maxRedirects: 0 });
  expect(authorize.status()).toBe(302);
  const back = new URL(authorize.headers()['location']!);
  const callback = await request.get(`${baseURL}${back.pathname}${back.search}`, { maxRedirects: 0 });
  expect(callback.status()).toBe(302);
  await expect.poll(async () => (await adminCall<{ connected: boolean }>(request, 'get', '/api/admin/stream')).connected).toBe(true);
}

/** Opens the alerts overlay and waits until its live stream is open (an alert before that is not its to show); answers the stream's URL. */
async function openAlerts(page: Page, go: () => Promise<unknown>): Promise<URL> {
  const stream = page.waitForResponse((r) => r.url().includes('/api/events/public?') && r.status() === 200);
  await go();
  return new URL((await stream).url());
}

test('/overlay/alerts shows a follow from Kick once: not again after a reload', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await connectChannel(page.request);

  const context = await browser.newContext();
  try {
    const overlay = await context.newPage();
    // Every text the alert region ever shows, across reloads: a repeat would be caught even between two looks.
    await overlay.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { alertsSeen: string[] }).alertsSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[role="status"]')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const seen = () => overlay.evaluate(() => (window as unknown as { alertsSeen: string[] }).alertsSeen);
    await openAlerts(overlay, () => overlay.goto('/overlay/alerts'));

    const stamp = Date.now() % 1_000_000;
    const first = { user_id: 910_000_000 + stamp, username: `Fan${stamp.toString(36)}` };
    await deliverFollow(request, first);
    const status = overlay.getByRole('status');
    await expect(status).toHaveText(new RegExp(`${first.username} followed!`), { timeout: 20_000 });
    await expect(status).toContainText('New follower · Kick');

    // Reloaded (as broadcast software does): it resumes after the follow and never shows it again.
    const resumed = await openAlerts(overlay, () => overlay.reload());
    expect(resumed.searchParams.get('lastEventId')).toMatch(/^\d+$/);
    const second = { user_id: 920_000_000 + stamp, username: `Next${stamp.toString(36)}` };
    await deliverFollow(request, second);
    await expect(status).toHaveText(new RegExp(`${second.username} followed!`), { timeout: 20_000 });
    expect((await seen()).filter((text) => text.includes(first.username))).toEqual([]);
  } finally {
    await context.close();
  }
});

test('Copy puts the absolute overlay URL on the clipboard; Open opens it in a new tab', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const hunt = await adminCall<{ hunt: { id: string } }>(page.request, 'post', '/api/admin/bonus-hunts', {
    title: uniqueName('Overlay hunt'),
    casino: 'Stake',
    currency: 'USD',
    startBalance: 100000,
    entryCost: 0,
    prizes: [100],
  });
  await signInByApi(page, admin);
  await page.goto(`/admin/bonus-hunts?hunt=${hunt.hunt.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus Hunts' })).toBeVisible({ timeout: 60_000 });
  const url = `${baseURL}/overlay/bonus-hunt/${hunt.hunt.id}`;
  await expect(page.getByLabel('Bonus hunt overlay URL', { exact: true })).toHaveValue(url);
  await page.getByRole('button', { name: 'Copy the Bonus hunt overlay URL' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open the Bonus hunt overlay in a new tab' }).click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(url);
  await expect(tab.getByRole('heading', { level: 1 })).toContainText('Overlay hunt');
});

test('the new overlays pass axe in dark and light, and their text is at least 20 px at 1920 × 1080', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  for (const path of ['/overlay/alerts', '/overlay/giveaway', '/overlay/leaderboard']) {
    for (const theme of ['dark', 'light'] as const) {
      await page.goto(`${path}?theme=${theme}`);
      await page.addStyleTag({ content: noTransitions });
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      if (path !== '/overlay/alerts') await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expectNoSeriousAxeViolations(page, `${path} (${theme})`);
      const smallest = await page.evaluate(() =>
        Math.min(
          ...Array.from(document.querySelectorAll('body *'))
            .filter(
              (el) =>
                Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) && (el as HTMLElement).offsetParent !== null,
            )
            .filter((el) => !el.closest('.sr-only'))
            .map((el) => parseFloat(getComputedStyle(el).fontSize)),
        ),
      );
      expect(smallest, `${path}: smallest text`).toBeGreaterThanOrEqual(20);
      const size = await page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
      expect(size.w, `${path}: width`).toBeLessThanOrEqual(1920);
      expect(size.h, `${path}: height`).toBeLessThanOrEqual(1080);
    }
  }
});
