import type { Page } from '@playwright/test';
import { baseURL } from './playwright.config';
import { adminCall, tokenFor, uniqueName } from './support/admin-api';
import { checkBothSchemes, checkOverlayThemes } from './support/axe';
import { admin, createVerifiedUser, expect, signInByApi, test } from './support/fixtures';

/**
 * Predictions (issue 40): the admin opens one on the console's Predictions screen, a member stakes
 * on /predictions, the admin resolves it, and the member's balance, the page and the notification
 * show the payout; the overlay shows the result. The payout rules (pari-mutuel, rounding, refunds,
 * once) are tested in the integration and property tests; here the people go through them.
 */

const sizes = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
] as const;

async function checkAxeAtSizes(page: Page, label: string): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await checkBothSchemes(page, `${label} at ${size.width} px`);
  }
  await page.setViewportSize(sizes[0]);
}

type Running = { current: { id: string } | null };

test('Predictions: the admin opens one, a member stakes, the admin resolves, the member sees the payout; the overlay shows the result', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const title = uniqueName('Bonus or bust?').slice(0, 60);
  // One prediction runs at a time: one left over from an earlier run is cancelled (refunded).
  const running = (await (await request.get('/api/predictions')).json()) as Running;
  if (running.current) await adminCall(request, 'post', `/api/admin/predictions/${running.current.id}/cancel`);

  // A member with points of their own (granted by the admin).
  const member = await createVerifiedUser(page, 'pred', testInfo.workerIndex);
  const token = await tokenFor(request, member);
  const asMember = { authorization: `Bearer ${token}` };
  const me = async () => ((await (await request.get('/api/auth/me', { headers: asMember })).json()) as { user: { id: string; points: number } }).user;
  const { id: memberId } = await me();
  await adminCall(request, 'post', `/api/admin/users/${memberId}/points`, { amount: 1000, reason: 'E2E predictions' });
  const before = (await me()).points;

  // The admin opens the prediction on the Predictions screen.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signInByApi(adminPage, admin);
  await adminPage.goto('/admin');
  await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Predictions' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Predictions' })).toBeVisible();
  const form = adminPage.getByRole('form', { name: 'Open a prediction' });
  await form.getByLabel('Question').fill(title);
  await form.getByLabel('Outcomes (one per line, 2 to 10)').fill('Bonus\nBust');
  await form.getByLabel('Staking window (seconds, 30 to 1800)').fill('600');
  await form.getByRole('button', { name: 'Open prediction' }).click();
  const row = adminPage.getByRole('article', { name: title });
  await expect(row).toBeVisible();
  await checkAxeAtSizes(adminPage, 'admin Predictions screen');

  // The member stakes on /predictions.
  await page.goto('/predictions');
  await expect(page.getByRole('heading', { level: 1, name: 'Predictions' })).toBeVisible();
  await expect(page.getByText('Points only: they have no cash value')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Responsible Gambling' }).first()).toBeVisible();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await checkAxeAtSizes(page, '/predictions');
  const stake = card.getByRole('form', { name: 'Place a stake' });
  await stake.getByRole('radio', { name: '1. Bonus' }).check();
  await stake.getByRole('textbox', { name: 'Points' }).fill('5');
  await stake.getByRole('button', { name: 'Place stake' }).click();
  await expect(stake.getByText('A stake is 10 to 10,000 points.')).toBeVisible();
  await stake.getByRole('textbox', { name: 'Points' }).fill('300');
  await stake.getByRole('button', { name: 'Place stake' }).click();
  await expect(card.getByText('Your stake: 300 points on Bonus')).toBeVisible();
  expect((await me()).points).toBe(before - 300);

  // The overlay shows the running prediction.
  const overlay = await adminContext.newPage();
  await overlay.goto('/overlay/prediction');
  await expect(overlay.getByRole('heading', { level: 1, name: new RegExp(title.replace(/[?]/g, '\\?')) })).toBeVisible();
  await expect(overlay.getByRole('banner')).toHaveCount(0);
  await checkOverlayThemes(overlay, '/overlay/prediction open');

  // The admin resolves it: Bonus happened.
  await adminPage.reload();
  await adminPage.getByRole('article', { name: title }).getByRole('button', { name: 'Resolve: Bonus' }).click();
  await expect(adminPage.getByRole('article', { name: title }).getByText('Resolved')).toBeVisible();

  // The only stake wins the whole pool back: 300 points.
  await page.reload();
  await expect(page.getByRole('article', { name: title }).getByText('Your stake: 300 points on Bonus · paid 300 points')).toBeVisible();
  expect((await me()).points).toBe(before);
  const inbox = (await (await request.get('/api/notifications', { headers: asMember })).json()) as {
    notifications: { type: string; title: string; body: string }[];
  };
  expect(inbox.notifications[0]).toMatchObject({ type: 'prediction_won', title: 'Your prediction won!' });
  await page.goto('/notifications');
  await expect(page.getByText('Your prediction won!').first()).toBeVisible();
  await expect(page.getByText(`${title}: your stake of 300 points paid 300 points, credited to your balance.`)).toBeVisible();

  await expect(overlay.getByText('Result: Bonus')).toBeVisible();
  await checkOverlayThemes(overlay, '/overlay/prediction resolved');
  await adminContext.close();
});
