import type { Page } from '@playwright/test';
import { adminCall } from './support/admin-api';
import { checkBothSchemes, checkOverlayThemes } from './support/axe';
import { admin, demo, expect, signInByApi, test } from './support/fixtures';
import { closeDialog } from './support/games';

// Deal or No Deal end to end: the admin creates and opens a round on the Stream screen, the demo user
// joins on /games/dealornodeal, the admin closes entries (the only entrant is the contestant), and the
// demo user picks a case, opens the first round's cases and takes the banker's Deal, while the overlay
// (no sign-in) shows the same board. The rules are tested by the integration tests
// (apps/server/src/modules/deal-or-no-deal/deal-or-no-deal.test.ts).

type Round = {
  id: string;
  status: string;
  values: number[];
  cases: { case: number; value: number | null }[];
  fairness: { serverSeed: string | null; clientSeed: string; nonce: number };
};

/** The cases' accessible names on a page's board, in order. */
async function caseNames(page: Page): Promise<string[]> {
  const cases = page.getByRole('list', { name: 'Cases' }).getByRole('listitem');
  return cases.evaluateAll((items) => items.map((li) => (li.firstElementChild as HTMLElement).getAttribute('aria-label') ?? ''));
}

async function fitsWidth(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('a round played to a Deal by the demo user, with the overlay showing the same board', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  // A round left over by an earlier run would stop a new one: cancel whatever is live.
  const { rounds } = await adminCall<{ rounds: Round[] }>(request, 'get', '/api/admin/dealornodeal');
  for (const r of rounds.filter((x) => ['draft', 'open', 'playing'].includes(x.status))) {
    await adminCall(request, 'post', `/api/admin/dealornodeal/rounds/${r.id}/cancel`);
  }

  await signInByApi(page, admin);
  await page.goto('/admin/stream/dealornodeal');
  const panel = page.getByRole('heading', { level: 2, name: 'Deal or No Deal' }).locator('xpath=ancestor::*[contains(@class, "max-w-4xl")][1]');
  await panel.getByRole('button', { name: '16 cases' }).click();
  await expect(panel.getByText('Total on the board: 102,691 points in 16 cases.')).toBeVisible();
  await panel.getByRole('button', { name: 'Create round' }).click();
  await panel.getByRole('button', { name: 'Open entries' }).click();
  await expect(panel.getByText('Entries open', { exact: true })).toBeVisible();
  await checkBothSchemes(page, 'admin stream Deal or No Deal panel');

  const demoContext = await browser.newContext();
  const demoPage = await demoContext.newPage();
  const overlayContext = await browser.newContext();
  const overlay = await overlayContext.newPage();
  try {
    await signInByApi(demoPage, demo);
    await demoPage.goto('/games/dealornodeal');
    await demoPage.getByRole('button', { name: 'Join the next round' }).click();
    await expect(demoPage.getByText("You're in. The contestant is drawn when entries close.")).toBeVisible();
    await checkBothSchemes(demoPage, 'Deal or No Deal game page');

    await panel.getByRole('button', { name: 'Close entries and draw' }).click();
    await expect(panel.getByText('In play', { exact: true })).toBeVisible();

    await expect(demoPage.getByText('Pick the case you keep.')).toBeVisible({ timeout: 10_000 });
    await demoPage.getByRole('button', { name: 'Case 1', exact: true }).click();
    await expect(demoPage.getByRole('img', { name: 'Case 1 (kept)' })).toBeVisible();
    for (const c of [2, 3, 4, 5, 6]) {
      await demoPage.getByRole('button', { name: `Case ${c}`, exact: true }).click();
      await expect(demoPage.getByRole('img', { name: new RegExp(`^Case ${c}: `) })).toBeVisible();
    }
    await expect(demoPage.getByText(/^The banker offers [\d,]+ points\.$/)).toBeVisible();

    // The overlay: no sign-in, the same board as the contestant's.
    await overlay.goto('/overlay/dealornodeal');
    await expect(overlay.getByRole('banner')).toHaveCount(0);
    await expect(overlay.getByRole('contentinfo')).toHaveCount(0);
    const board = await caseNames(demoPage);
    await expect.poll(() => caseNames(overlay), { timeout: 10_000 }).toEqual(board);
    expect(board.filter((n) => /^Case \d+: /.test(n))).toHaveLength(5);

    const offer = (await demoPage.getByText(/^The banker offers [\d,]+ points\.$/).textContent())!.match(/[\d,]+/)![0];
    await demoPage.getByRole('button', { name: 'Deal', exact: true }).click();
    await expect(demoPage.getByText(`took the deal: ${offer} points.`, { exact: false })).toBeVisible();
    await expect(overlay.getByText(`took the deal: ${offer} points.`, { exact: false })).toBeVisible({ timeout: 10_000 });
    // The ended round reveals every case, on both pages, with the seed for the Verify tab.
    await expect.poll(() => caseNames(overlay), { timeout: 10_000 }).toEqual(await caseNames(demoPage));
    expect((await caseNames(overlay)).every((n) => /^Case \d+: /.test(n))).toBe(true);

    // The Fairness dialog's Verify tab rebuilds the board from the revealed seed.
    const ended = ((await (await overlay.request.get('/api/dealornodeal')).json()) as { round: Round }).round;
    expect(ended.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    // "Verify this board" opens it on Verify with the round's published seeds and values filled in.
    await demoPage.getByRole('button', { name: 'Verify this board' }).click();
    const dialog = demoPage.getByRole('dialog', { name: 'Provably Fair' });
    await expect(dialog.getByRole('tab', { name: 'Verify' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Server Seed', { exact: true })).toHaveValue(ended.fairness.serverSeed!);
    await expect(dialog.getByLabel('Client Seed', { exact: true })).toHaveValue(ended.fairness.clientSeed);
    await expect(dialog.getByLabel('Nonce', { exact: true })).toHaveValue(String(ended.fairness.nonce));
    await expect(dialog.getByLabel('Case values', { exact: true })).toHaveValue(ended.values.join(', '));
    await expect(dialog.getByRole('status', { name: 'Verified outcome' })).toHaveText(
      ended.cases.map((c) => `Case ${c.case}: ${c.value!.toLocaleString('en-US')}`).join(', '),
    );
    await checkBothSchemes(demoPage, 'Deal or No Deal Verify tab');
    await closeDialog(demoPage, dialog);

    await checkOverlayThemes(overlay, 'Deal or No Deal overlay');
    await checkBothSchemes(demoPage, 'Deal or No Deal game page after the deal');

    await demoPage.setViewportSize({ width: 375, height: 800 });
    await fitsWidth(demoPage);
    await expect(demoPage.getByRole('list', { name: 'Cases' })).toBeVisible();
    await overlay.setViewportSize({ width: 375, height: 800 });
    await fitsWidth(overlay);
  } finally {
    await demoContext.close();
    await overlayContext.close();
  }
});
