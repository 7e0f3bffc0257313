import type { Page } from '@playwright/test';
import { baseURL } from './playwright.config';
import { uniqueName } from './support/admin-api';
import { checkBothSchemes } from './support/axe';
import { admin, createVerifiedUser, expect, signInByApi, signInWith, test } from './support/fixtures';

/**
 * Challenges (issue 42): an admin posts one, a member claims it from the page the header links to,
 * the admin verifies the claim in submission order, and the member sees the prize. The rules (first
 * N win, the prize once, admins refused, the window) are tested in the integration tests; here the
 * two people go through them in the browser, with axe on the page, the claim form and the admin screen.
 */

const sizes = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
] as const;

/** axe in dark and light at 1366 and 375 px, on the page as it is. */
async function checkAxeAtSizes(page: Page, label: string): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await checkBothSchemes(page, `${label} at ${size.width} px`);
  }
  await page.setViewportSize(sizes[0]);
}

test('Challenges: the admin posts one, a member claims it, the admin verifies, the member sees the prize', async ({ page, browser }, testInfo) => {
  const title = uniqueName('Gates 50x').slice(0, 60);

  // The admin posts the challenge on the console's Challenges screen.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signInByApi(adminPage, admin);
  await adminPage.goto('/admin');
  await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Challenges' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Challenges' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Post challenge' }).click();
  const post = adminPage.getByRole('dialog', { name: 'Post a challenge' });
  await expect(post).toBeVisible();
  await checkBothSchemes(adminPage, 'admin challenge form');
  await post.getByLabel('Title').fill(title);
  await post.getByLabel('Game').fill('Gates of Olympus');
  await post.getByLabel('Target multiplier (×)').fill('50');
  await post.getByLabel('Prize (points per winner)').fill('2500');
  await post.getByLabel('Winners').fill('1');
  await post.getByRole('button', { name: 'Post challenge' }).click();
  await expect(post).toHaveCount(0);
  const posted = adminPage.getByRole('region', { name: title });
  await expect(posted).toBeVisible();
  await expect(posted.getByText('No claims yet.')).toBeVisible();

  // The member finds it through the header's navigation and claims it.
  const account = await createVerifiedUser(page, 'chal', testInfo.workerIndex);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Challenges' }).getByText(title).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Challenges' })).toBeVisible();
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('2,500 points');
  await expect(card).toContainText('1 of 1');
  await checkAxeAtSizes(page, 'Challenges page');
  await card.getByRole('button', { name: `Claim ${title}` }).click();
  const form = card.getByRole('form', { name: `Claim ${title}` });
  await form.getByLabel('Link to the bet').fill('https://stake.com/casino/bets/e2e-challenge');
  await form.getByLabel('Bet (USD)').fill('1');
  await form.getByLabel('Win (USD)').fill('40');
  await form.getByRole('button', { name: 'Send claim' }).click();
  await expect(form.getByText('Your win is 40.00× your bet; this challenge needs 50.00×.')).toBeVisible();
  await checkAxeAtSizes(page, 'Challenges claim form with an error');
  await form.getByLabel('Win (USD)').fill('75');
  await form.getByRole('button', { name: 'Send claim' }).click();
  await expect(card.getByText('Pending review')).toBeVisible();

  // The admin reviews it (the decline dialog checked where it opens, then left) and verifies it.
  await adminPage.reload();
  const review = adminPage.getByRole('region', { name: title });
  const verify = review.getByRole('button', { name: `Verify the claim of ${account.username}` });
  await expect(verify).toBeEnabled();
  await checkAxeAtSizes(adminPage, 'admin Challenges screen');
  await review.getByRole('button', { name: `Decline the claim of ${account.username}` }).click();
  const decline = adminPage.getByRole('dialog', { name: 'Decline claim' });
  await expect(decline).toBeVisible();
  await checkBothSchemes(adminPage, 'admin challenge decline dialog');
  await decline.getByRole('button', { name: 'Cancel' }).click();
  await expect(decline).toHaveCount(0);
  await verify.click();
  await expect(review.getByText('Won 2,500 points')).toBeVisible();
  await expect(review.getByText('Completed', { exact: true })).toBeVisible();
  await adminContext.close();

  // The member sees the prize on the page, in their balance and as a completed challenge.
  await page.reload();
  const done = page.getByRole('article', { name: title });
  await expect(done.getByText('Won 2,500 points')).toBeVisible();
  await expect(done.getByText('Completed', { exact: true })).toBeVisible();
  // A second session of the member's (the page keeps its own).
  const token = (await signInWith(page.request, account)).tokens.access;
  const profile = (await (await page.request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    profile: { stats: { challengesCompleted: number }; historyData: { type: string; amount: number }[] };
  };
  expect(profile.profile.stats.challengesCompleted).toBe(1);
  expect(profile.profile.historyData[0]).toMatchObject({ type: 'challenge_completed', amount: 2500 });
});
