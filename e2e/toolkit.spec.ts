import type { APIRequestContext, Page } from '@playwright/test';
import { maskUsername } from '@app/shared/api/races';
import { adminCall, uniqueName } from './support/admin-api';
import { checkBothSchemes, checkOverlayThemes } from './support/axe';
import { admin, createVerifiedUser, demo, expect, signInByApi, signInWith, test } from './support/fixtures';

/**
 * The streamer's toolkit in the browser: a bonus hunt run by the admin with Guess the Balance,
 * its public page and stream overlay, Slot Hub and a picker pick verified in the Fairness dialog.
 * The rules (transitions, ties, idempotency, bans) are the integration tests'; these are journeys.
 */

type Slot = { id: string; name: string };

async function pointsOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { user?: { points: number }; points?: number };
  return body.user?.points ?? body.points!;
}

/**
 * No sideways scrolling at 375 px, and with `axe` no serious axe finding there either. `reload`: the
 * admin console picks its sidebar (a rail of icons below 1024 px) when it loads, so a phone opens it
 * at that width; the sidebar stays a rail after.
 */
async function fitsPhone(page: Page, options: { reload?: boolean; axe?: string } = {}): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  if (options.reload) {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(/^Loading/)).toHaveCount(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (options.axe) await checkBothSchemes(page, `${options.axe} at 375 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a bonus hunt: five bonuses from Slot Hub, two guesses, opened and finished; the winner is paid, the page and overlay show the result', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const slots = (await (await request.get('/api/slots?provider=Pragmatic%20Play&sort=name')).json()) as { slots: Slot[] };
  const five = slots.slots.slice(0, 5);
  expect(five).toHaveLength(5);

  // The admin starts the hunt in the console and adds the first bonus there, the other four by API.
  await signInByApi(page, admin);
  await page.goto('/admin/bonus-hunts');
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus Hunts' })).toBeVisible();
  await page.getByRole('button', { name: 'New hunt' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bonus hunt' });
  const title = uniqueName('E2E Hunt');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Casino').fill('Stake');
  await dialog.getByLabel('Start balance').fill('100');
  await dialog.getByLabel('Prizes in points, first place first').fill('700');
  await checkBothSchemes(page, 'new hunt dialog');
  await dialog.getByRole('button', { name: 'Start hunt' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(title) })).toBeVisible();
  await page.getByLabel('Slot (from Slot Hub, or any name)').fill(five[0]!.name);
  await expect(page.getByText('· from Slot Hub')).toBeVisible();
  await page.getByLabel('Bet (USD)').fill('1');
  await page.getByRole('button', { name: 'Add bonus' }).click();
  await expect(page.getByRole('cell', { name: five[0]!.name, exact: true })).toBeVisible();
  const huntId = new URL(page.url()).searchParams.get('hunt')!;
  for (const slot of five.slice(1)) {
    await adminCall(request, 'post', `/api/admin/bonus-hunts/${huntId}/bonuses`, { slotId: slot.id, bet: 100 });
  }
  await page.reload();
  await expect(page.getByRole('row')).toHaveCount(6);
  await checkBothSchemes(page, 'admin bonus hunts');
  await fitsPhone(page, { reload: true, axe: 'admin bonus hunts' });

  // Two members guess: one on the hunt page, one through the API. Final balance will be $42.00.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const winner = await createVerifiedUser(memberPage, 'gtbwin', test.info().workerIndex);
  await memberPage.goto(`/bonus-hunts/${huntId}`);
  await expect(memberPage.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await memberPage.getByLabel('Final balance (USD)').fill('41.50');
  await memberPage.getByRole('button', { name: 'Guess', exact: true }).click();
  await expect(memberPage.getByText('Your guess: $41.50').first()).toBeVisible();
  await checkBothSchemes(memberPage, 'bonus hunt page');
  await fitsPhone(memberPage);
  const otherContext = await browser.newContext();
  const other = await createVerifiedUser(await otherContext.newPage(), 'gtblose', test.info().workerIndex);
  const otherToken = (await signInWith(otherContext.request, other)).tokens.access;
  const guessed = await otherContext.request.put(`/api/bonus-hunts/${huntId}/guess`, {
    data: { amount: 9000 },
    headers: { authorization: `Bearer ${otherToken}`, 'idempotency-key': crypto.randomUUID() },
  });
  expect(guessed.status(), await guessed.text()).toBe(200);
  const winnerToken = (await signInWith(memberContext.request, winner)).tokens.access;
  const before = await pointsOf(memberContext.request, winnerToken);

  // The admin opens every bonus in the console and finishes.
  await page.getByRole('button', { name: 'Start opening' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start opening' }).click();
  // While opening, the member guesses the first bonus's multiplier ($1.00 bet; it wins $10.00: 10×).
  await memberPage.reload();
  const nextGuess = memberPage.getByRole('region', { name: 'Guess the next bonus' });
  await expect(nextGuess).toContainText(`Next up: ${five[0]!.name}`);
  await nextGuess.getByLabel('Multiplier (×)').fill('9.5');
  await nextGuess.getByRole('button', { name: 'Guess', exact: true }).click();
  await expect(nextGuess.getByText('Your guess: 9.50×')).toBeVisible();
  await checkBothSchemes(memberPage, 'bonus hunt page while opening');
  const wins = ['10', '0', '12.50', '7', '12.50'];
  for (const [i, slot] of five.entries()) {
    const input = page.getByLabel(new RegExp(`^Win of ${slot.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(#${i + 1}\\)`));
    await input.fill(wins[i]!);
    await input.press('Enter');
    await expect(
      page
        .getByRole('row')
        .nth(i + 1)
        .getByRole('cell')
        .nth(4),
    ).not.toHaveText('–');
  }
  await page.getByRole('button', { name: 'Finish hunt' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(title) })).toContainText('finished');

  expect(await pointsOf(memberContext.request, winnerToken)).toBe(before + 700);

  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { name: 'Guess the Balance results' })).toBeVisible();
  await expect(memberPage.getByText('Final balance: $42.00')).toBeVisible();
  // Names are masked like every public board (neither member opted in); the member's own row says "You".
  const guessTable = memberPage.getByRole('table', { name: /^Every guess/ });
  await expect(guessTable).not.toContainText(winner.username);
  const firstRow = guessTable.getByRole('row').filter({ hasText: maskUsername(winner.username) });
  await expect(firstRow).toContainText('You');
  await expect(firstRow).toContainText('$0.50');
  await expect(firstRow).toContainText('700 pts');
  // The first bonus names who guessed its × best.
  const bestGuess = memberPage
    .getByRole('table', { name: `Bonuses of ${title}` })
    .getByRole('row')
    .nth(1);
  await expect(bestGuess).toContainText(`${maskUsername(winner.username)} (9.50×)`);

  await memberPage.goto(`/overlay/bonus-hunt/${huntId}`);
  await expect(memberPage.getByRole('heading', { level: 1, name: new RegExp(title) })).toContainText('Finished');
  await expect(memberPage.getByRole('banner')).toHaveCount(0);
  await expect(memberPage.getByText('$42.00').first()).toBeVisible();
  await checkOverlayThemes(memberPage, 'bonus hunt overlay');
  // Overlays are made for a 1920 × 1080 canvas (?theme= picks their theme); on a phone's width, at half size.
  await memberPage.goto(`/overlay/bonus-hunt/${huntId}?scale=0.5`);
  await expect(memberPage.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await fitsPhone(memberPage);
  await memberContext.close();
  await otherContext.close();

  await page.goto('/bonus-hunts');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await checkBothSchemes(page, 'bonus hunts list');
  await page.goto('/admin/slots');
  await expect(page.getByRole('heading', { level: 1, name: 'Slot Hub' })).toBeVisible();
  await page.getByRole('button', { name: 'Add slot' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a slot' })).toBeVisible();
  await checkBothSchemes(page, 'admin Slot Hub with the slot form');
  await page.keyboard.press('Escape');
  await fitsPhone(page, { reload: true, axe: 'admin Slot Hub' });
});

test('Slot Hub lists and details slots; a picker pick verifies in the Fairness dialog', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/slots');
  await expect(page.getByRole('heading', { level: 1, name: 'Slot Hub' })).toBeVisible();
  await page.getByLabel('Search by name').fill('Olympus');
  await page.getByRole('button', { name: /^Gates of Olympus\s*Pragmatic/ }).click();
  const detail = page.getByRole('dialog', { name: 'Gates of Olympus' });
  await expect(detail.getByText('96.50%')).toBeVisible();
  await checkBothSchemes(page, 'slot detail dialog');
  await page.keyboard.press('Escape');
  await checkBothSchemes(page, 'Slot Hub');
  await fitsPhone(page);

  await signInByApi(page, demo);
  await page.goto('/slots/picker');
  const hash = page.getByTestId('next-seed-hash');
  await expect(hash).toHaveText(/^[0-9a-f]{64}$/);
  const shownHash = await hash.textContent();
  await page.getByLabel('Client seed').fill('e2e-stream-seed');
  await page.getByRole('button', { name: 'Spin' }).click();
  const picked = page.getByText('Picked', { exact: true }).locator('xpath=following-sibling::p[1]');
  await expect(picked).not.toBeEmpty();
  const name = (await picked.textContent())!;
  await checkBothSchemes(page, 'slot picker');
  await fitsPhone(page, { axe: 'slot picker' });
  await page.getByRole('button', { name: 'Verify this pick' }).click();
  const fairness = page.getByRole('dialog', { name: 'Fairness' });
  await expect(fairness.getByRole('tab', { name: 'Verify', selected: true })).toBeVisible();
  await expect(fairness.getByText(`Picked: ${name}`)).toBeVisible();
  await expect(fairness.getByText(shownHash!)).toBeVisible();
  await checkBothSchemes(page, 'picker Fairness dialog');
});
