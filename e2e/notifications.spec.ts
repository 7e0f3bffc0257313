import { checkBothSchemes } from './support/axe';
import { adminCall, createReward, tokenFor } from './support/admin-api';
import { demo, expect, signInByApi, test } from './support/fixtures';
import { waitForMailWith } from './support/mail';

// Notifications and the live channel: the member sees an admin's decision without reloading, and
// gets the mail. The rules themselves are tested in the server's integration tests.

test('an order declined by the admin reaches the demo user live: the bell, the header balance, the mail', async ({ page, request }) => {
  // The demo user's calls use a token in the test's own request context (not the page's cookies).
  const demoToken = await tokenFor(request, demo);
  const asDemo = { authorization: `Bearer ${demoToken}` };
  expect((await request.post('/api/notifications/read', { data: { all: true }, headers: asDemo })).ok()).toBe(true);
  const reward = await createReward(request, 100, { prefix: 'Live decline' });
  const redeemed = await request.post(`/api/store/rewards/${reward.id}/redeem`, { headers: { ...asDemo, 'idempotency-key': crypto.randomUUID() } });
  expect(redeemed.status(), await redeemed.text()).toBe(201);
  const { order, points: afterRedeem } = (await redeemed.json()) as { order: { id: string }; points: number };

  await signInByApi(page, demo);
  await page.goto('/dashboard');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
  await expect(header.getByLabel(`${afterRedeem.toLocaleString('en-US')} points`)).toBeVisible();

  const reason = `Out of stock ${Date.now().toString(36)}`;
  await adminCall(request, 'post', `/api/admin/orders/${order.id}/decline`, { reason });

  await expect(header.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(header.getByLabel(`${(afterRedeem + 100).toLocaleString('en-US')} points`)).toBeVisible();
  const mail = await waitForMailWith(demo.email, reason);
  expect(mail).toMatch(/Subject: Order declined/);
  expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

  // The panel: the newest first, mark all read; checked with axe in both schemes.
  await header.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText(reason, { exact: false })).toBeVisible();
  await checkBothSchemes(page, 'notifications panel');
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(panel.getByText('All read', { exact: true })).toBeVisible();
  await panel.getByRole('link', { name: 'See all notifications' }).click();
  await expect(header.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();

  // /notifications with the e-mail choices.
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'An order of yours is declined' })).toBeChecked();
  await checkBothSchemes(page, '/notifications');

  // The bell stays in the header of a 320 px screen, and the page fits it.
  await page.setViewportSize({ width: 320, height: 700 });
  await expect(header.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
