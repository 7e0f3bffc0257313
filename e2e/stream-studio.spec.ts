import { baseURL } from './playwright.config';
import { checkBothSchemes } from './support/axe';
import { admin, expect, signInByApi, test } from './support/fixtures';

// The Stream screen's tabs, each at its own URL, checked with axe in both colour schemes; the Kick
// setup values' Copy puts the absolute URL on the clipboard; the tabs work from the keyboard and
// fit a phone. What each tab does is its own spec's (stream, giveaways, chat-moderation, ...).

const TABS = [
  ['connection', 'Connection'],
  ['points', 'Points'],
  ['commands', 'Commands'],
  ['timers', 'Timers'],
  ['giveaways', 'Giveaways'],
  ['moderation', 'Moderation'],
  ['dealornodeal', 'Deal or No Deal'],
  ['test-chat', 'Test chat'],
] as const;

test('every Stream tab opens by its URL, selected, and passes axe in dark and light', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, admin);
  await page.goto('/admin/stream');
  await expect(page).toHaveURL(/\/admin\/stream\/connection$/);
  for (const [slug, label] of TABS) {
    await page.goto(`/admin/stream/${slug}`);
    // The admin chunk can take a while on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Stream' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toBeVisible();
    // The tab's content has loaded (no "Loading …" left) before axe looks at it.
    await expect(panel.getByRole('heading').first()).toBeVisible();
    await expect(panel.getByText(/^Loading /)).toHaveCount(0);
    await checkBothSchemes(page, `admin stream ${slug} tab`);
  }
  // The moderation tab has the switch itself (the Overview's saved switch).
  await page.goto('/admin/stream/moderation');
  await expect(page.getByRole('tabpanel').getByRole('switch').first()).toBeVisible();
});

test('Copy on the Kick setup values puts the absolute URL on the clipboard; the tabs work from the keyboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signInByApi(page, admin);
  await page.goto('/admin/stream/connection');
  // Kick is configured in this run: the values sit folded under the card.
  await page.getByText(/Kick app settings/).click();
  await expect(page.getByRole('textbox', { name: 'Redirect URL' })).toHaveValue(`${baseURL}/api/integrations/kick/callback`);
  await checkBothSchemes(page, 'admin stream Kick setup values');
  await page.getByRole('button', { name: 'Copy the Webhook URL' }).click();
  await expect(page.getByText('Copied the Webhook URL')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/api/integrations/kick/webhook`);
  expect(new URL(copied).origin).toBe(new URL(baseURL).origin);
  // APP_ORIGIN here is http://localhost: the card says Kick cannot deliver there.
  await expect(page.getByRole('alert').filter({ hasText: 'Kick cannot deliver events there' })).toBeVisible();

  // Keyboard: arrows move along the tabs, Enter opens one at its URL.
  await page.getByRole('tab', { name: 'Connection' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Points' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/stream\/points$/);
  await expect(page.getByRole('button', { name: 'Save rules' })).toBeVisible();
});

test('on a phone the tabs wrap inside the screen (no sideways scroll) and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page, admin);
  await page.goto('/admin/stream/test-chat');
  const list = page.getByRole('tablist', { name: 'Stream sections' });
  await expect(list).toBeVisible({ timeout: 60_000 });
  for (const [, label] of TABS) await expect(list.getByRole('tab', { name: label, exact: true })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkBothSchemes(page, 'admin stream tabs (375 px)');
});
