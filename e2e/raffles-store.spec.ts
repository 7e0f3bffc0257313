import { maskUsername } from '@app/shared/api/races';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminCall, createReward, tokenFor, uniqueName } from './support/admin-api';
import { seriousAxeViolations } from './support/axe';
import { collectErrors } from './support/console-errors';
import { admin, createVerifiedUser, demo, expect, signInByApi, test } from './support/fixtures';

/**
 * The points economy end to end, on the real server: the Points Store and the raffles (spec 2 §2) as the demo user, the
 * admin's decisions through the API, a user without points, and a completed raffle's verifiable draw.
 * Rewards and raffles are created here through the admin API (unique names), and one raffle is
 * entered, ended and drawn here, so the tests depend neither on the seed data nor on other tests.
 */

const HOUR = 3_600_000;

type Created = { id: string; name?: string; title?: string };

async function createActiveRaffle(request: APIRequestContext, pointsCost: number): Promise<{ id: string; title: string }> {
  const title = uniqueName('E2E Raffle');
  const now = Date.now();
  const body = await adminCall<{ raffle?: Created } & Created>(request, 'post', '/api/admin/raffles', {
    title,
    description: 'Created by the raffles and store end-to-end test.',
    prize: '$25 Crypto Tip',
    winners: 1,
    pointsCost,
    startDate: new Date(now - HOUR).toISOString(),
    endDate: new Date(now + 48 * HOUR).toISOString(),
  });
  return { id: (body.raffle ?? body).id, title };
}

function statValue(page: Page, label: string): Locator {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function readNumber(locator: Locator): Promise<number> {
  await expect(locator).toHaveText(/^[\d,]+$/);
  return Number((await locator.textContent())!.replace(/,/g, ''));
}

function headerBadge(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Points store/ });
}

function rewardCard(page: Page, name: string): Locator {
  return page.getByRole('region', { name: 'All Rewards' }).getByRole('article', { name });
}

async function openStore(page: Page) {
  await page.goto('/points-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Points Store' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'All Rewards' })).toBeVisible();
}

test.describe('the demo user spends points', () => {
  // The demo user is shared with other workers: these journeys run one after another, and every
  // balance is compared with the one read at the start.
  test.describe.configure({ mode: 'serial' });

  test('redeems a reward; the admin declines it; the points come back', async ({ page, request }) => {
    const errors = collectErrors(page);
    const reward = await createReward(request, 700);
    await signInByApi(page, demo);
    await openStore(page);

    const start = await readNumber(statValue(page, 'Your Points'));
    await expect(headerBadge(page)).toContainText(start.toLocaleString('en-US'));
    const card = rewardCard(page, reward.name);
    await expect(card.getByText('Price in Points')).toBeVisible();
    await card.getByRole('button', { name: 'Redeem Reward' }).click();
    await expect(page.getByText('Reward Redeemed!')).toBeVisible();
    await expect(page.getByText('Your reward has been successfully redeemed.')).toBeVisible();
    await expect(statValue(page, 'Your Points')).toHaveText((start - 700).toLocaleString('en-US'));
    await expect(headerBadge(page)).toContainText((start - 700).toLocaleString('en-US'));

    await page.getByRole('button', { name: 'Purchase History' }).click();
    const history = page.getByRole('dialog', { name: 'Purchase History' });
    const order = history.getByRole('article', { name: reward.name });
    await expect(order.getByText('Pending', { exact: true })).toBeVisible();
    await expect(order).toContainText('700');
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Purchase History' })).toBeVisible();

    // The admin declines it through the API.
    const { orders } = await adminCall<{
      orders: { id: string; rewardName: string; username: string }[];
    }>(request, 'get', '/api/admin/orders?status=pending');
    const placed = orders.find((o) => o.rewardName === reward.name);
    expect(placed, 'the pending order is listed for the admin').toBeTruthy();
    await adminCall(request, 'post', `/api/admin/orders/${placed!.id}/decline`, { reason: 'E2E: reward withdrawn' });

    await page.reload();
    await expect(statValue(page, 'Your Points')).toHaveText(start.toLocaleString('en-US'));
    await expect(headerBadge(page)).toContainText(start.toLocaleString('en-US'));
    await page.getByRole('button', { name: 'Purchase History' }).click();
    const declined = page.getByRole('dialog', { name: 'Purchase History' }).getByRole('article', { name: reward.name });
    await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
    await expect(declined.getByText('(Refunded)')).toBeVisible();
    await expect(declined).toContainText('Decline Reason: E2E: reward withdrawn');
    await page
      .getByRole('dialog', { name: 'Purchase History' })
      .getByRole('button', { name: /^Declined \(\d+\)$/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Purchase History' }).getByRole('article', { name: reward.name })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('enters a raffle once: Entering…, Entered and the toast; entering again is not possible', async ({ page, request }) => {
    const errors = collectErrors(page);
    const raffle = await createActiveRaffle(request, 50);
    await signInByApi(page, demo);
    await openStore(page);
    const start = await readNumber(statValue(page, 'Your Points'));

    await page.goto('/raffles');
    await expect(page.getByRole('heading', { level: 1, name: 'Raffles' })).toBeVisible();
    await page.getByRole('button', { name: `View Raffle: ${raffle.title}` }).click();
    const dialog = page.getByRole('dialog', { name: raffle.title });
    await expect(dialog.getByText('50 pts')).toBeVisible();
    await expect(dialog.getByText(/^Entries close in/)).toBeVisible();
    await expect(dialog.getByText('Seed commitment (SHA-256)')).toBeVisible();
    // Record whether 'Entering…' was ever shown on a disabled button: on a busy machine the second it
    // lasts can pass between two polls of an assertion.
    await page.evaluate(() => {
      const seen = { entering: false };
      (window as unknown as { __entering: typeof seen }).__entering = seen;
      new MutationObserver(() => {
        const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button'));
        if (buttons.some((b) => b.textContent?.trim() === 'Entering…' && b.disabled)) seen.entering = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await dialog.getByRole('button', { name: 'Enter Raffle' }).click();
    await expect(page.getByText('Successfully Entered!')).toBeVisible();
    await expect(page.getByText('Good luck!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Entered' })).toBeDisabled();
    expect(await page.evaluate(() => (window as unknown as { __entering: { entering: boolean } }).__entering.entering)).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(headerBadge(page)).toContainText((start - 50).toLocaleString('en-US'));

    // After a reload the server says it is entered: the button stays disabled.
    await page.reload();
    const card = page.getByRole('article', { name: raffle.title });
    await expect(card.getByText('Entered')).toBeVisible();
    await card.getByRole('button', { name: `View Raffle: ${raffle.title}` }).click();
    await expect(page.getByRole('dialog', { name: raffle.title }).getByRole('button', { name: 'Entered' })).toBeDisabled();
    await expect(page.getByRole('dialog', { name: raffle.title }).getByRole('button', { name: 'Enter Raffle' })).toHaveCount(0);
    // And the server refuses a second entry (a new key: a new attempt, not a retry).
    const again = await request.post(`/api/raffles/${raffle.id}/enter`, {
      headers: { authorization: `Bearer ${await tokenFor(request, demo)}`, 'idempotency-key': crypto.randomUUID() },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('ALREADY_ENTERED');
    expect(errors).toEqual([]);
  });
});

test('a user without points sees Insufficient Points in the store and on a raffle', async ({ page, request }, testInfo) => {
  const reward = await createReward(request, 700);
  const raffle = await createActiveRaffle(request, 50);
  await createVerifiedUser(page, 'poor', testInfo.workerIndex);
  await openStore(page);
  await expect(statValue(page, 'Your Points')).toHaveText('0');
  await expect(
    rewardCard(page, reward.name).getByRole('button', {
      name: 'Insufficient Points',
    }),
  ).toBeDisabled();

  await page.goto('/raffles');
  await page.getByRole('button', { name: `View Raffle: ${raffle.title}` }).click();
  await expect(page.getByRole('dialog', { name: raffle.title }).getByRole('button', { name: 'Insufficient Points' })).toBeDisabled();
});

test('a completed raffle shows its winners and the browser verifies the draw', async ({ page, request }) => {
  test.slow(); // the raffle has to end and be drawn
  const errors = collectErrors(page);
  // A free raffle that ends a few seconds from now, entered by two members through the API.
  const title = uniqueName('E2E Draw');
  const now = Date.now();
  const created = await adminCall<{ raffle: Created }>(request, 'post', '/api/admin/raffles', {
    title,
    description: 'Drawn by the end-to-end test.',
    prize: '$10 Crypto Tip',
    winners: 1,
    pointsCost: 0,
    startDate: new Date(now - HOUR).toISOString(),
    endDate: new Date(now + 8_000).toISOString(),
  });
  const id = created.raffle.id;
  for (const who of [demo, admin]) {
    const token = await tokenFor(request, who);
    const entered = await request.post(`/api/raffles/${id}/enter`, {
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': crypto.randomUUID(),
      },
    });
    expect(entered.status(), await entered.text()).toBe(201);
  }
  const statusOf = async () =>
    (
      (await (await request.get(`/api/raffles/${id}`)).json()) as {
        raffle: { status: string };
      }
    ).raffle.status;
  await expect.poll(statusOf, { timeout: 30_000 }).not.toBe('Active');
  if ((await statusOf()) === 'Pending') {
    // The scheduled job may draw it first; then the admin's draw is a 409, which is fine.
    const token = await tokenFor(request, admin);
    const drawn = await request.post(`/api/admin/raffles/${id}/draw`, {
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': crypto.randomUUID(),
      },
    });
    expect([200, 201, 409], await drawn.text()).toContain(drawn.status());
  }
  await expect.poll(statusOf, { timeout: 30_000 }).toBe('Completed');

  await page.goto('/raffles');
  await page.getByRole('tab', { name: 'Previous' }).click();
  await page.getByRole('button', { name: `View Winners: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText('Winners have been announced')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Winners' }).getByRole('listitem')).toHaveCount(1);
  // Public boards mask usernames unless the member opted in (UIDs are public): de*** or ad***n.
  const masked = [maskUsername('demo'), maskUsername('admin')].map((name) => name.replace(/\*/g, '\\*'));
  await expect(dialog.getByRole('region', { name: 'Winners' })).toContainText(new RegExp(masked.join('|')));
  const verify = dialog.getByRole('region', { name: 'Verify' });
  await expect(verify.getByRole('status')).toHaveText('Verified: the winners agree with the published draw.');
  await expect(verify.getByText(/^Passed:/)).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The completed dialog (winners and Verify) has no serious axe violations, light and dark; each
  // theme is loaded afresh so no colour transition is caught half-way.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await page.getByRole('tab', { name: 'Previous' }).click();
    await page.getByRole('button', { name: `View Winners: ${title}` }).click();
    await expect(dialog.getByRole('region', { name: 'Verify' }).getByRole('status')).toHaveText(/^Verified/);
    if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await seriousAxeViolations(page), `completed raffle dialog (${colorScheme})`).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('a visitor on the public store is asked to sign in to redeem', async ({ page }) => {
  await page.goto('/points-store-public');
  await expect(page.getByRole('heading', { level: 1, name: 'Points Store' })).toBeVisible();
  await page.getByRole('region', { name: 'All Rewards' }).getByRole('button', { name: 'Redeem Reward' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/points-store-public$/);
});

test('the raffles and store pages fit a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInByApi(page, demo);
  for (const path of ['/raffles', '/points-store']) {
    // Each page load restores the session; the next load waits for that answer. Leaving /raffles
    // (public) while its refresh is in flight can lose the rotated cookie, and the next page's
    // refresh then presents a spent token, which ends the session (a known gap, see docs/decisions.md).
    const restored = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/refresh');
    await page.goto(path);
    expect((await restored).ok()).toBe(true);
    await expect(page.getByRole('heading', { level: 2, name: 'How It Works' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`raffles and store pages and dialogs have no serious axe violations (${colorScheme})`, async ({ page, request }) => {
    test.slow(); // five pages and dialogs, each checked by axe
    const raffle = await createActiveRaffle(request, 50);
    await createReward(request, 900);
    await page.emulateMedia({ colorScheme });
    await page.goto('/points-store-public');
    await expect(page.getByRole('region', { name: 'All Rewards' })).toBeVisible();
    expect(await seriousAxeViolations(page), '/points-store-public').toEqual([]);

    await signInByApi(page, demo);
    await page.goto('/raffles');
    await expect(page.getByRole('tabpanel', { name: 'Active' })).toBeVisible();
    expect(await seriousAxeViolations(page), '/raffles').toEqual([]);

    await page.getByRole('button', { name: `View Raffle: ${raffle.title}` }).click();
    await expect(page.getByRole('dialog', { name: raffle.title }).getByText(/^Entries close in/)).toBeVisible();
    expect(await seriousAxeViolations(page), 'raffle dialog').toEqual([]);
    await page.keyboard.press('Escape');

    await openStore(page);
    expect(await seriousAxeViolations(page), '/points-store').toEqual([]);
    await page.getByRole('button', { name: 'Purchase History' }).click();
    await expect(page.getByRole('dialog', { name: 'Purchase History' })).toBeVisible();
    expect(await seriousAxeViolations(page), 'purchase history dialog').toEqual([]);
  });
}
