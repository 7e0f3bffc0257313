import { kickURL } from './playwright.config';
import { checkBothSchemes } from './support/axe';
import { admin, demo, expect, signInByApi, signInWith, test } from './support/fixtures';
import { connectKickChannel, sendKickChat } from './support/kick';

// The stream half end to end, against the fake Kick (its own process, e2e/support/fake-kick-server.ts):
// the admin connects the channel through Kick's OAuth, the demo user's UID arrives in chat, the demo
// user confirms the link on the profile, and !points in chat gets the balance back in Kick's chat.
// The rules themselves are tested by the integration tests (apps/server/src/modules/chat/stream.test.ts).

const VIEWER = { user_id: 777_001, username: 'DemoViewer' };

test('connect the Kick channel, link the demo user by UID with a confirmation, and answer !points in chat', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await signInByApi(page, admin);
  await page.goto('/admin/stream');
  await expect(page.getByRole('heading', { level: 1, name: 'Stream' })).toBeVisible();
  await connectKickChannel(page);
  await expect(page.getByRole('list', { name: 'Event subscriptions' }).getByRole('listitem')).toHaveCount(8);
  await checkBothSchemes(page, 'admin stream');

  // A custom command on the Commands tab, then its edit dialog (the add form's fields, filled with the command).
  await page.getByRole('tab', { name: 'Commands' }).click();
  await expect(page).toHaveURL(/\/admin\/stream\/commands$/);
  const name = `e2e${Date.now().toString(36)}`;
  const addForm = page.getByRole('form', { name: 'Add a command' });
  await addForm.getByLabel('Command', { exact: true }).fill(name);
  await addForm.getByLabel('Reply', { exact: true }).fill('Hello {user}');
  await addForm.getByRole('button', { name: 'Add command' }).click();
  await page.getByRole('button', { name: `Edit !${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit !${name}` });
  await expect(dialog.getByLabel('Reply', { exact: true })).toHaveValue('Hello {user}');
  await checkBothSchemes(page, 'admin stream edit command dialog');
  await dialog.getByLabel('Reply', { exact: true }).fill('Welcome {user} to {site}');
  await dialog.getByLabel('Global cooldown (s)', { exact: true }).fill('12');
  await dialog.getByRole('button', { name: 'Save command' }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Custom commands' });
  await expect(list.getByText('Welcome {user} to {site}')).toBeVisible();
  await expect(list.getByText('Cooldown 30s per user, 12s for everyone')).toBeVisible();

  const demoContext = await browser.newContext();
  const demoPage = await demoContext.newPage();
  try {
    const { tokens } = await signInWith(demoPage.request, demo);
    const profile = (await (await demoPage.request.get('/api/profile', { headers: { authorization: `Bearer ${tokens.access}` } })).json()) as {
      profile: { uid: string; points: number };
    };
    await sendKickChat(request, VIEWER, `my uid is ${profile.profile.uid}`, `e2e-uid-${Date.now()}`);

    await signInByApi(demoPage, demo);
    await demoPage.goto('/profile');
    const ask = demoPage.getByRole('alert').filter({ hasText: 'Link Kick account @DemoViewer?' });
    await expect(ask).toBeVisible({ timeout: 20_000 });
    await checkBothSchemes(demoPage, 'profile kick link request');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await expect(demoPage.getByText('Linked to @DemoViewer')).toBeVisible();

    const points = (
      (await (await demoPage.request.get('/api/profile', { headers: { authorization: `Bearer ${tokens.access}` } })).json()) as {
        profile: { points: number };
      }
    ).profile.points;
    await sendKickChat(request, VIEWER, '!points', `e2e-points-${Date.now()}`);
    const expected = `@DemoViewer you have ${points.toLocaleString('en-US')} points`;
    await expect
      .poll(async () => ((await (await request.get(`${kickURL}/_fake/chat`)).json()) as { chat: { content: string }[] }).chat.map((m) => m.content), {
        timeout: 20_000,
      })
      .toContainEqual(expect.stringContaining(expected));
  } finally {
    await demoContext.close();
  }
});
