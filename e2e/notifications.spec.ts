import { checkBothSchemes } from './support/axe';
import { adminCall, createReward, tokenFor } from './support/admin-api';
import { createVerifiedUser, expect, test } from './support/fixtures';
import { waitForMailWith } from './support/mail';

// Notifications and the live channel: the member sees an admin's decision without reloading, and
// gets the mail. The rules themselves are tested in the server's integration tests.

test('an order declined by the admin reaches the member live: the bell, the header balance, the mail', async ({ page, request }, testInfo) => {
  // A member of this test's own, not the shared demo user: the other specs' workers redeem, get
  // declined and win raffles as the demo user at the same time, which would move its bell count and
  // balance under these exact checks.
  const member = await createVerifiedUser(page, 'live', testInfo.workerIndex);
  const memberToken = await tokenFor(request, member);
  const asMember = { authorization: `Bearer ${memberToken}` };
  const me = (await (await request.get('/api/auth/me', { headers: asMember })).json()) as { user: { id: string } };
  await adminCall(request, 'post', `/api/admin/users/${me.user.id}/points`, { amount: 500, reason: 'e2e: live decline' });
  expect((await request.post('/api/notifications/read', { data: { all: true }, headers: asMember })).ok()).toBe(true);
  const reward = await createReward(request, 100, { prefix: 'Live decline' });
  const redeemed = await request.post(`/api/store/rewards/${reward.id}/redeem`, { headers: { ...asMember, 'idempotency-key': crypto.randomUUID() } });
  expect(redeemed.status(), await redeemed.text()).toBe(201);
  const { order, points: afterRedeem } = (await redeemed.json()) as { order: { id: string }; points: number };

  await page.goto('/dashboard');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
  await expect(header.getByLabel(`${afterRedeem.toLocaleString('en-US')} points`)).toBeVisible();

  const reason = `Out of stock ${Date.now().toString(36)}`;
  await adminCall(request, 'post', `/api/admin/orders/${order.id}/decline`, { reason });

  await expect(header.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(header.getByLabel(`${(afterRedeem + 100).toLocaleString('en-US')} points`)).toBeVisible();
  const mail = await waitForMailWith(member.email, reason);
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
