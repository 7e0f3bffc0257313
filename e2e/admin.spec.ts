import type { APIRequest, APIRequestContext, Browser } from '@playwright/test';
import { baseURL } from './playwright.config';
import { adminCall, createReward, tokenFor } from './support/admin-api';
import { admin, createVerifiedUser, demo, expect, signInByApi, test } from './support/fixtures';

/*
 * The admin console (spec 1 §2 and spec 2 §2, Admin dashboard) end to end, in Chromium against the
 * real built server: its races,
 * restrictions and order decisions, and what a non-admin sees. The axe checks of every admin screen
 * and dialog are in a11y.spec.ts (the admin role).
 */

/** The one way this spec signs in as the admin (TOTP for admins is coming: adapt only this). */
type Race = { id: string; name: string; status: string };

async function listRaces(request: APIRequestContext): Promise<Race[]> {
  return adminCall<Race[]>(request, 'get', '/api/admin/leaderboards');
}

/** A datetime-local value (the browser's zone is the machine's) `days` from now at the next full hour. */
function localInput(days: number): string {
  const date = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + days * 86_400_000);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

async function pointsOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { points: number } }).user.points;
}

async function redeemAs(request: APIRequestContext, token: string, rewardId: string) {
  return request.post(`/api/store/rewards/${rewardId}/redeem`, {
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': crypto.randomUUID(),
      origin: baseURL,
    },
  });
}

/**
 * A verified member of its own (signed in on a page of its own), with `points` granted by the admin,
 * and an API context with its access token: so an admin act never touches the demo user that other
 * specs spend as.
 */
async function memberWithPoints(
  { browser, apiRequest, request }: { browser: Browser; apiRequest: APIRequest; request: APIRequestContext },
  prefix: string,
  workerIndex: number,
  points: number,
) {
  const page = await browser.newPage();
  const member = await createVerifiedUser(page, prefix, workerIndex);
  const api = await apiRequest.newContext({ baseURL });
  const token = await tokenFor(api, member);
  const me = await api.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const id = ((await me.json()) as { user: { id: string } }).user.id;
  await adminCall(request, 'post', `/api/admin/users/${id}/points`, { amount: points, reason: `E2E ${prefix} test` });
  return { ...member, page, api, token };
}

test.describe('admin console', () => {
  // The order decision and the restriction each act on a member of their own.
  test.describe.configure({ mode: 'serial' });

  test('a race: saving without a partner changes nothing; created with a partner it is at the top of its tab, survives a reload, and moves to Active', async ({
    page,
    request,
  }) => {
    await signInByApi(page, admin);
    const before = await listRaces(request);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/admin/leaderboards')) posts.push(`${r.method()} ${r.url()}`);
    });

    await page.goto('/admin/races');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard Races' })).toBeVisible();

    // spec 1 §5: saving silently does nothing if no partner is selected.
    await page.getByRole('button', { name: 'Create Leaderboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Leaderboard' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Prize Pool ($)')).toHaveValue('1000'); // spec 2 §9 defaults
    await dialog.getByRole('button', { name: 'Create Leaderboard' }).click();
    await expect(dialog).toBeVisible();
    expect(posts).toEqual([]);
    expect((await listRaces(request)).length).toBe(before.length);

    // With a partner, dates 7 days apart and a pool: 'Stake Weekly Total Wager - ${pool}'.
    const pool = 1000 + Math.floor(Math.random() * 8999);
    const name = `Stake Weekly Total Wager - $${pool}`;
    await dialog.getByRole('combobox', { name: 'Partner' }).click();
    await page.getByRole('option', { name: 'Stake' }).click();
    await dialog.getByLabel('Prize Pool ($)').fill(String(pool));
    await dialog.getByLabel('Start date').fill(localInput(1));
    await dialog.getByLabel('End date').fill(localInput(8));
    await expect(dialog.getByText(name)).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Leaderboard' }).click();
    await expect(dialog).toBeHidden();
    expect(posts).toHaveLength(1);

    // A new race is a Draft, listed under Upcoming, at the top.
    const upcoming = page.getByRole('tabpanel', { name: 'Upcoming' });
    await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    await expect(upcoming.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(name);

    await page.reload();
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Upcoming' }).getByRole('row').nth(1).getByRole('cell').first()).toHaveText(name);
    const saved = (await listRaces(request)).find((r) => r.name === name);
    expect(saved?.status).toBe('Draft');

    // Set it Active: it moves to the Active tab.
    await page
      .getByRole('tabpanel', { name: 'Upcoming' })
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Leaderboard' });
    await edit.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Active' }).getByRole('cell', { name, exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Upcoming' }).getByRole('cell', { name, exact: true })).toHaveCount(0);
    const active = (await listRaces(request)).find((r) => r.name === name);
    expect(active?.status).toBe('Active');
  });

  test('declining a pending order gives the member their points back', async ({ page, request, playwright, browser }, testInfo) => {
    const reward = await createReward(request, 100, {
      prefix: 'E2E Admin Decline',
    });
    // A member of its own: the demo user's balance belongs to raffles-store.spec.ts, which spends as
    // it and compares every figure with the one it read at its start.
    const member = await memberWithPoints({ browser, apiRequest: playwright.request, request }, 'decline', testInfo.workerIndex, 500);
    await member.page.close();
    const { api: memberRequest, token: memberToken } = member;
    const start = await pointsOf(memberRequest, memberToken);
    expect(start).toBe(500);
    const redeemed = await redeemAs(memberRequest, memberToken, reward.id);
    expect(redeemed.status(), await redeemed.text()).toBe(201);
    expect(await pointsOf(memberRequest, memberToken)).toBe(start - 100);

    await signInByApi(page, admin);
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await page
      .getByRole('button', {
        name: new RegExp(`^Decline order ${reward.name} for `),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Decline order' });
    await dialog.getByRole('button', { name: 'Decline order' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Give a reason'); // the shared schema's message; nothing sent
    await dialog.getByLabel('Decline reason').fill('Out of stock at the partner');
    await dialog.getByRole('button', { name: 'Decline order' }).click();
    await expect(page.getByText('Order declined', { exact: true })).toBeVisible();
    await expect(page.getByText(/^100 points refunded to /)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(reward.name) }).getByText('100 pts refunded')).toBeVisible();
    expect(await pointsOf(memberRequest, memberToken)).toBe(start);
    await memberRequest.dispose();
  });

  test("a 7-day timeout on a member shows the spec's toast and the member's redeem is refused", async ({ page, request, playwright, browser }, testInfo) => {
    const reward = await createReward(request, 1, {
      prefix: 'E2E Admin Timeout',
    });
    // A member of its own, so the restriction never blocks the demo user that other specs spend as.
    const member = await memberWithPoints({ browser, apiRequest: playwright.request, request }, 'timeout', testInfo.workerIndex, 10);
    const { page: memberPage, api: memberRequest, token: memberToken } = member;

    await signInByApi(page, admin);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(member.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('cell', { name: member.email })).toBeVisible();
    await page
      .getByRole('row', { name: new RegExp(member.email) })
      .getByRole('button', { name: /^View / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'User details' });
    await dialog.getByRole('tab', { name: 'Restrictions' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Restriction' })).toHaveText('Timeout');
    await expect(dialog.getByRole('combobox', { name: 'Duration' })).toHaveText('7 days');
    await dialog.getByRole('button', { name: 'Apply Restriction' }).click();
    await expect(page.getByText('Restriction Applied', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Applied Timeout for 7 days to \S+$/)).toBeVisible();

    const refused = await redeemAs(memberRequest, memberToken, reward.id);
    expect(refused.status(), await refused.text()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('RESTRICTED');
    // The member's own profile says what is restricted and until when.
    await memberPage.goto('/profile');
    const notice = memberPage.getByRole('region', { name: 'Your account is restricted' });
    await expect(notice).toContainText(/Timeout until /);
    await memberPage.close();

    // Lifted again, the member can redeem.
    await dialog.getByRole('button', { name: 'Remove Timeout' }).click();
    await expect(page.getByText('Restriction Removed', { exact: true })).toBeVisible();
    const allowed = await redeemAs(memberRequest, memberToken, reward.id);
    expect(allowed.status(), await allowed.text()).toBe(201);
    await memberRequest.dispose();
  });

  test('the quick-action button is for admins: Admin, Search and Create Raffle', async ({ page }) => {
    await signInByApi(page, admin);
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Admin quick actions' });
    await button.click();
    await page.getByRole('menuitem', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Quick Search' });
    await expect(search).toBeVisible();
    // spec 2 §9: raffle filters default to Active and Upcoming on.
    await search.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Raffles' }).click();
    await expect(search.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await expect(search.getByRole('checkbox', { name: 'Upcoming' })).toBeChecked();
    await expect(search.getByRole('checkbox', { name: 'Completed' })).not.toBeChecked();
    await search.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Users' }).click();
    await search.getByLabel('Search', { exact: true }).fill(admin.email);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await search.getByRole('list', { name: 'Results' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/admin\/users\?id=/);
    await expect(page.getByRole('dialog', { name: 'User details' })).toContainText(admin.email);
    await page.keyboard.press('Escape');

    await button.click();
    await page.getByRole('menuitem', { name: 'Create Raffle' }).click();
    await expect(page).toHaveURL(/\/admin\/raffles$/);
    await expect(page.getByRole('dialog', { name: 'Create Raffle' })).toBeVisible();
  });

  test('a non-admin sees no quick-action button and gets /404 at /admin', async ({ page }) => {
    await signInByApi(page, demo);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin quick actions' })).toHaveCount(0);
    await page.goto('/admin/races');
    await expect(page).toHaveURL(`${baseURL}/404`);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });
});
