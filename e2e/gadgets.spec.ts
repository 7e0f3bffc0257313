import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL } from './playwright.config';
import { tokenFor } from './support/admin-api';
import { checkBothSchemes } from './support/axe';
import { connectKickChannel, sendKickChat } from './support/kick';
import { admin, createVerifiedUser, expect, signInByApi, signInWith, test } from './support/fixtures';

/**
 * The member gadgets: Mines Assist, King of the Hill (VIP only) and the Interactive How-To's, with the
 * admin's King of the Hill screen. Rules (VIP, beating the king, the period's end, the bonus once) are
 * tested in the integration tests; here a member and an admin go through them in the browser.
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

/** Gives a member verified Stake wagers of `dollars` today: a linked account the admin verifies, and a CSV import. */
async function giveVerifiedWagers(
  memberRequest: APIRequestContext,
  adminRequest: APIRequestContext,
  memberToken: string,
  username: string,
  dollars: number,
): Promise<void> {
  const linked = await memberRequest.post('/api/casino-accounts', {
    data: { platform: 'Stake', username },
    headers: { authorization: `Bearer ${memberToken}`, origin: baseURL },
  });
  expect(linked.status(), await linked.text()).toBe(201);
  const accountId = ((await linked.json()) as { account: { id: string } }).account.id;
  const me = await memberRequest.get('/api/auth/me', { headers: { authorization: `Bearer ${memberToken}` } });
  const userId = ((await me.json()) as { user: { id: string } }).user.id;
  // The admin signs in on a request context of its own: the member's browser keeps the member's cookie.
  const adminToken = await tokenFor(adminRequest, admin);
  const verified = await adminRequest.post(`/api/admin/users/${userId}/casino-accounts/${accountId}/verify`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  const imported = await adminRequest.post('/api/admin/wagers/import?partner=p1', {
    data: `username,date,category,wagered\n${username},${today},slots,${dollars}\n`,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv' },
  });
  expect(imported.status(), await imported.text()).toBe(200);
}

test.describe('gadgets', () => {
  test('Mines Assist: exact odds that follow the mine count, and a verified board', async ({ page }) => {
    await page.goto('/gadgets/mines-assist');
    await expect(page.getByRole('heading', { level: 1, name: 'Mines Assist' })).toBeVisible();
    await expect(page.getByText(/fixed by the seeds before your first click/)).toBeVisible();
    const table = page.getByRole('table', { name: 'Path table for 3 mines' });
    await expect(table.getByRole('row')).toHaveCount(23);
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('22/25');
    await page.getByLabel('Mines (1–24)').fill('24');
    await expect(page.getByRole('table', { name: 'Path table for 24 mines' }).getByRole('row')).toHaveCount(2);
    await page.getByLabel('Mines (1–24)').fill('3');

    // The published vector A (provably-fair.md): one mine at tile 19, as the Mines game's Verify tab says.
    await page
      .getByLabel('Paste a round')
      .fill('Server seed: 18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159\nClient seed: bb62964774\nNonce: 1\nMines: 1');
    await page.getByRole('button', { name: 'Fill in from the paste' }).click();
    await page.getByRole('button', { name: 'Show the board' }).click();
    const board = page.getByRole('list', { name: 'Verified board' });
    await expect(board.getByRole('listitem', { name: 'Tile 20: mine' })).toBeVisible();
    await expect(board.getByRole('listitem', { name: /: mine$/ })).toHaveCount(1);
    await checkAxeAtSizes(page, 'Mines Assist');
  });

  test('King of the Hill: a VIP member claims, the admin verifies, the page shows the new king', async ({ page, browser, request }, testInfo) => {
    const account = await createVerifiedUser(page, 'koth', testInfo.workerIndex);
    const memberToken = (await signInWith(page.request, account)).tokens.access;

    // Before any wagers: the page shows what VIP needs, and no claim form.
    await page.goto('/gadgets/king-of-the-hill');
    await expect(page.getByRole('heading', { level: 1, name: 'King of the Hill' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Claiming is for VIP members' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('$1,000.00');

    await giveVerifiedWagers(page.request, request, memberToken, account.username, 1500);
    await page.reload();
    const form = page.getByRole('region', { name: 'Claim the hill' });
    await expect(form).toBeVisible();
    await form.getByLabel('Slot').fill('Sweet Bonanza');
    await form.getByLabel('Link to the bet or round').fill('https://stake.com/casino/bets/e2e');
    await form.getByLabel('Bet (USD)').fill('2');
    await form.getByLabel('Win (USD)').fill('20000');
    await expect(form.getByText('10,000.00×')).toBeVisible();
    await checkAxeAtSizes(page, 'King of the Hill');
    await form.getByRole('button', { name: 'Send claim' }).click();
    const mine = page.getByRole('region', { name: 'Your claims this period' });
    await expect(mine.getByText('Pending review')).toBeVisible();

    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await signInByApi(adminPage, admin);
    await adminPage.goto('/admin/king-of-the-hill');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'King of the Hill' })).toBeVisible();
    const verify = adminPage.getByRole('button', { name: `Verify the claim of ${account.username}` });
    await expect(verify).toBeVisible();
    await checkAxeAtSizes(adminPage, 'admin King of the Hill');
    // The decline dialog, checked where it opens, then left without declining.
    await adminPage.getByRole('button', { name: `Decline the claim of ${account.username}` }).click();
    const decline = adminPage.getByRole('dialog', { name: 'Decline claim' });
    await expect(decline).toBeVisible();
    await checkBothSchemes(adminPage, 'admin King of the Hill decline dialog');
    await decline.getByRole('button', { name: 'Cancel' }).click();
    await expect(decline).toHaveCount(0);
    await verify.click();
    await expect(adminPage.getByRole('button', { name: `Verify the claim of ${account.username}` })).toHaveCount(0);
    await adminContext.close();

    await page.reload();
    const king = page.getByRole('region', { name: 'Current king' });
    await expect(king.getByText('10,000.00×')).toBeVisible();
    await expect(king.getByText('Sweet Bonanza')).toBeVisible();
    // Masked like public boards (the member did not opt in): the first two letters and the last.
    await expect(king.getByText(`${account.username.slice(0, 2)}*`, { exact: false })).toBeVisible();
    await expect(mine.getByText('Verified')).toBeVisible();
  });

  test("How-To's: a new member follows Get started and sees each step check off", async ({ page, browser, request }, testInfo) => {
    // Step 4 needs the channel connected: the webhook ignores every event until one is.
    const adminContext = await browser.newContext();
    try {
      const adminPage = await adminContext.newPage();
      await signInByApi(adminPage, admin);
      await adminPage.goto('/admin/stream');
      await connectKickChannel(adminPage);
    } finally {
      await adminContext.close();
    }
    const account = await createVerifiedUser(page, 'howto', testInfo.workerIndex);
    await page.goto('/how-to');
    const getStarted = page.getByRole('region', { name: 'Get started' });
    await expect(getStarted.getByRole('heading', { name: 'Step 1: Verify your e-mail (done)' })).toBeVisible();
    await expect(getStarted.getByRole('heading', { name: 'Step 2: Complete your profile (not done yet)' })).toBeVisible();
    await checkAxeAtSizes(page, "Interactive How-To's");

    // Show me: the profile's Settings tab opens with the address field focused.
    await getStarted.getByRole('button', { name: 'Show me: Complete your profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const btc = page.getByLabel('BTC address');
    await expect(btc).toBeFocused();
    await btc.fill('bc1qe2etestaddress0000000000000000000000');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Saved — Profile updated successfully.')).toBeVisible();
    await page.goBack();
    await expect(getStarted.getByRole('heading', { name: 'Step 2: Complete your profile (done)' })).toBeVisible();

    await getStarted.getByRole('button', { name: 'Show me: Link a casino account' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const platform = page.getByRole('combobox', { name: 'Platform' });
    await expect(platform).toBeFocused();
    await platform.click();
    await page.getByRole('option', { name: 'Roobet' }).click();
    const accountForm = page.getByRole('form', { name: 'Add casino account' });
    await accountForm.getByLabel('Username').fill(`howto${testInfo.workerIndex}${Date.now().toString(36)}`);
    await accountForm.getByRole('button', { name: 'Add Account' }).click();
    await expect(page.getByText('Username Added')).toBeVisible();
    await page.goBack();
    await expect(getStarted.getByRole('heading', { name: 'Step 3: Link a casino account (done)' })).toBeVisible();
    await expect(getStarted.getByText('3 of 4 done')).toBeVisible();

    // Step 4 as a viewer does it: the UID pasted in the stream's chat (delivered by the fake Kick),
    // then the link confirmed on the profile.
    const { tokens } = await signInWith(page.request, account);
    const uid = (
      (await (await page.request.get('/api/profile', { headers: { authorization: `Bearer ${tokens.access}` } })).json()) as {
        profile: { uid: string };
      }
    ).profile.uid;
    const viewer = { user_id: 800_000 + testInfo.workerIndex * 1000 + (Date.now() % 1000), username: `HowToViewer${testInfo.workerIndex}` };
    await sendKickChat(request, viewer, `linking ${uid}`, `e2e-howto-${viewer.user_id}-${Date.now()}`);
    await getStarted.getByRole('button', { name: 'Show me: Link Kick with your UID' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const ask = page.getByRole('alert').filter({ hasText: `Link Kick account @${viewer.username}?` });
    await expect(ask).toBeVisible({ timeout: 20_000 });
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`Linked to @${viewer.username}`)).toBeVisible();
    await page.goBack();
    await expect(getStarted.getByRole('heading', { name: 'Step 4: Link Kick with your UID (done)' })).toBeVisible();
    await expect(getStarted.getByText('4 of 4 done')).toBeVisible();

    // A browser-only step: verifying a round here checks it off.
    const fair = page.getByRole('region', { name: "Check it's fair" });
    await fair.getByRole('button', { name: 'Show me: Verify a game round' }).click();
    const round = page.getByRole('form', { name: 'Verify a Mines round' });
    await expect(round).toBeFocused();
    await round.getByLabel('Server seed (revealed)').fill('18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159');
    await round.getByLabel('Client seed').fill('bb62964774');
    await round.getByLabel('Nonce').fill('1');
    await round.getByLabel('Mines').fill('1');
    await round.getByRole('button', { name: 'Verify round' }).click();
    await expect(round.getByText('Mines at tiles 19')).toBeVisible();
    await expect(fair.getByRole('heading', { name: 'Step 1: Verify a game round (done)' })).toBeVisible();
  });
});
