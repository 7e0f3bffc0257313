import type { APIRequestContext } from '@playwright/test';
import type { Giveaway } from '@app/shared/api/giveaways';
import { kickURL } from './playwright.config';
import { adminCall } from './support/admin-api';
import { checkBothSchemes } from './support/axe';
import { admin, createVerifiedUser, expect, signInByApi, signInWith, test } from './support/fixtures';
import { connectKickChannel, sendKickChat, type KickViewer } from './support/kick';

// Chat giveaways end to end, against the fake Kick: the admin starts a giveaway on the Stream screen,
// three members linked to Kick accounts enter with the keyword in chat, the giveaway closes and is
// drawn, and /raffles' Giveaways tab shows the winners with a Verify section that recomputes them.
// The rules (once per account, weights, bans, redraw, the prize once) are the integration tests'
// (apps/server/src/modules/giveaways/giveaways.test.ts).

async function fakeChat(request: APIRequestContext): Promise<string[]> {
  return ((await (await request.get(`${kickURL}/_fake/chat`)).json()) as { chat: { content: string }[] }).chat.map((m) => m.content);
}

test('the admin runs a chat giveaway; three linked viewers enter; the winners show on /raffles and verify', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(240_000);
  await signInByApi(page, admin);
  await page.goto('/admin/stream');
  await expect(page.getByRole('heading', { level: 1, name: 'Stream' })).toBeVisible();
  await connectKickChannel(page);

  // Three members, each linking a Kick account: the UID in chat, then the confirmation on the profile (by API).
  const base = 880_000 + (Date.now() % 100_000) * 3;
  const viewers: KickViewer[] = [];
  for (let i = 0; i < 3; i += 1) {
    const context = await browser.newContext();
    try {
      const member = await context.newPage();
      const account = await createVerifiedUser(member, `gv${i}`, testInfo.workerIndex);
      const { tokens } = await signInWith(member.request, account);
      const auth = { authorization: `Bearer ${tokens.access}` };
      const uid = ((await (await member.request.get('/api/profile', { headers: auth })).json()) as { profile: { uid: string } }).profile.uid;
      const viewer = { user_id: base + i, username: `Gv${i}x${(base + i).toString(36)}` };
      await sendKickChat(request, viewer, `my uid ${uid}`, `e2e-gv-uid-${viewer.user_id}`);
      await expect.poll(async () => (await member.request.post('/api/profile/kick-link/confirm', { headers: auth })).status(), { timeout: 20_000 }).toBe(200);
      viewers.push(viewer);
    } finally {
      await context.close();
    }
  }

  // The admin starts it on the Stream screen's Giveaways tab: 100 points each, 2 winners, the default keyword.
  await page.goto('/admin/stream/giveaways');
  const form = page.getByRole('form', { name: 'Start a giveaway' });
  await form.getByLabel('Points per winner', { exact: true }).fill('100');
  await form.getByLabel('Entry time (seconds)', { exact: true }).fill('300');
  await form.getByLabel('Winners', { exact: true }).fill('2');
  await form.getByLabel('Subscriber luck', { exact: true }).selectOption('2');
  await expect(form.getByText("Announced: subscribers' entries count ×2")).toBeVisible();
  await form.getByRole('button', { name: 'Start giveaway' }).click();
  // The click sends the start; the list is read once the server has it (not as the click returns).
  let giveaways: Giveaway[] = [];
  await expect
    .poll(async () => {
      ({ giveaways } = await adminCall<{ giveaways: Giveaway[] }>(request, 'get', '/api/admin/giveaways'));
      return giveaways.length;
    })
    .toBeGreaterThan(0);
  const giveaway = giveaways[0]!;
  expect(giveaway.status).toBe('Open');
  const list = page.getByRole('list', { name: 'Giveaways' });
  const row = list.getByRole('listitem').filter({ hasText: `#${giveaway.number} 100 points` });
  await expect(row.getByText(/Open · \d+s left/)).toBeVisible();
  await checkBothSchemes(page, 'admin stream giveaways panel');
  // The bot announced it with the keyword and the seed hash's prefix.
  await expect.poll(() => fakeChat(request), { timeout: 20_000 }).toContainEqual(expect.stringContaining(`Seed hash ${giveaway.draw.seedHash.slice(0, 16)}`));

  for (const [i, viewer] of viewers.entries()) await sendKickChat(request, viewer, '!join', `e2e-gv-join-${giveaway.id}-${i}`);
  // A second keyword from the same viewer counts once.
  await sendKickChat(request, viewers[0]!, '!join', `e2e-gv-join-${giveaway.id}-again`);
  await expect(row.getByText('!join · 3 entries')).toBeVisible({ timeout: 20_000 });

  await row.getByRole('button', { name: 'Close entries' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Close entries now?' });
  await expect(confirm).toBeVisible();
  await checkBothSchemes(page, 'admin close giveaway dialog');
  await confirm.getByRole('button', { name: 'Close entries' }).click();
  // The job draws a closed giveaway (or the admin does, if the job has not run yet).
  const draw = row.getByRole('button', { name: 'Draw winners' });
  await expect(async () => {
    if (await draw.isVisible()) await draw.click();
    await expect(row.getByRole('list', { name: `Winners of giveaway #${giveaway.number}` }).getByRole('listitem')).toHaveCount(2, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect
    .poll(() => fakeChat(request), { timeout: 20_000 })
    .toContainEqual(expect.stringMatching(new RegExp(`^Giveaway #${giveaway.number} winners: @Gv`)));

  // The public Giveaways tab (a visitor), after Previous.
  const visitor = await browser.newContext();
  try {
    const pub = await visitor.newPage();
    await pub.goto('/raffles');
    const tabs = pub.getByRole('tablist', { name: 'Raffle status' }).getByRole('tab');
    await expect(tabs.last()).toHaveText('Giveaways');
    await expect(tabs.nth((await tabs.count()) - 2)).toHaveText('Previous');
    await tabs.last().click();
    const card = pub.getByRole('article', { name: `100 points` }).filter({ hasText: `Giveaway #${giveaway.number}` });
    const winners = card.getByRole('list', { name: `Winners of giveaway #${giveaway.number}` }).getByRole('listitem');
    await expect(winners).toHaveCount(2);
    // Masked like the public boards.
    for (const text of await winners.allTextContents()) expect(text).toContain('***');
    await checkBothSchemes(pub, 'raffles giveaways tab');
    await card.getByRole('button', { name: `View draw: giveaway #${giveaway.number}` }).click();
    const dialog = pub.getByRole('dialog', { name: `Giveaway #${giveaway.number}: 100 points` });
    await expect(dialog.getByRole('status')).toHaveText('Verified: the winners agree with the published draw.');
    await expect(dialog.getByText('3 (3 tickets)')).toBeVisible();
    await checkBothSchemes(pub, 'giveaway draw dialog');

    // 375 px: nothing wider than the screen, on the tab and in the dialog.
    await pub.setViewportSize({ width: 375, height: 800 });
    await expect(dialog.getByRole('status')).toBeVisible();
    expect(await pub.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await pub.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(winners).toHaveCount(2);
    expect(await pub.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await visitor.close();
  }

  // The Stream screen at 375 px, opened at that width (the admin console then keeps its sidebar a rail).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await checkBothSchemes(page, 'admin chat giveaways at 375 px');
});
