import type { APIRequestContext } from '@playwright/test';
import { kickURL } from './playwright.config';
import { tokenFor } from './support/admin-api';
import { checkBothSchemes } from './support/axe';
import { admin, expect, signInByApi, test } from './support/fixtures';
import { connectKickChannel, sendKickChat } from './support/kick';

// Chat moderation end to end, against the fake Kick (its own process): the admin adds a blocked word
// on the Stream screen's Chat moderation panel (axe in dark and light, and at 375 px), a viewer's
// message with it (in leetspeak) arrives through Kick's webhook, and the fake Kick receives the
// DELETE of that message; the panel lists the act. The rules themselves are tested by the
// integration tests (apps/server/src/modules/chat-moderation/chat-moderation.test.ts).

type Moderation = {
  settings: { blockedTerms: string[]; blockLinks: boolean; allowedDomains: string[]; timeoutMinutes: number[]; windowMinutes: number };
  enabled: boolean;
};

async function adminPut(request: APIRequestContext, path: string, data: unknown): Promise<void> {
  const token = await tokenFor(request, admin);
  const response = await request.put(path, { data, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `PUT ${path}: ${response.status()} ${await response.text()}`).toBe(true);
}

async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await tokenFor(request, admin);
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

const deletedAtKick = async (request: APIRequestContext) =>
  ((await (await request.get(`${kickURL}/_fake/moderation`)).json()) as { deleted: string[] }).deleted;

test('the admin blocks a word on the Stream screen; a message with it in chat is deleted through Kick', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInByApi(page, admin);
  const before = await adminGet<Moderation>(page.request, '/api/admin/stream/moderation');
  const word = `zonk${Date.now().toString(36)}`;
  try {
    await page.goto('/admin/stream');
    await expect(page.getByRole('heading', { level: 1, name: 'Stream' })).toBeVisible();
    await connectKickChannel(page);
    await adminPut(page.request, '/api/admin/bot-features/moderation', { status: true });
    await page.goto('/admin/stream/moderation');

    const panel = page.getByRole('form', { name: 'Chat moderation settings' });
    await expect(page.getByRole('heading', { level: 2, name: 'Chat moderation' })).toBeVisible();
    await expect(page.getByText('The bot moderates chat now.')).toBeVisible();
    const terms = panel.getByLabel('Blocked words and phrases');
    await terms.fill([...before.settings.blockedTerms, word].join('\n'));
    // A wrong timeout is refused in the form, tied to its field.
    await panel.getByLabel('Timeouts (minutes)').fill('1, ten');
    await panel.getByRole('button', { name: 'Save moderation' }).click();
    await expect(panel.getByText('Enter whole minutes')).toBeVisible();
    await expect(panel.getByLabel('Timeouts (minutes)')).toHaveAttribute('aria-invalid', 'true');
    await panel.getByLabel('Timeouts (minutes)').fill('1, 10, 60');
    // Keyboard: the link switch is reached and toggled from the keyboard.
    await panel.getByRole('switch', { name: 'Block links' }).focus();
    await page.keyboard.press('Space');
    await expect(panel.getByRole('switch', { name: 'Block links' })).toHaveAttribute('aria-checked', String(!before.settings.blockLinks));
    await page.keyboard.press('Space');
    await panel.getByRole('button', { name: 'Save moderation' }).click();
    await expect(page.getByText('Chat moderation saved')).toBeVisible();
    await expect.poll(async () => (await adminGet<Moderation>(page.request, '/api/admin/stream/moderation')).settings.blockedTerms).toContain(word);
    await checkBothSchemes(page, 'admin stream chat moderation');

    // A viewer writes it in leetspeak with dots: the fake Kick receives the DELETE of that message.
    const messageId = `e2e-mod-${Date.now()}`;
    const leet = word.replace(/o/g, '0').split('').join('.');
    const viewer = { user_id: 777_100 + Math.floor(Math.random() * 1000), username: `Spammer${Date.now().toString(36)}` };
    const plainId = `e2e-plain-${Date.now()}`;
    await sendKickChat(request, viewer, 'just saying hello', plainId);
    await sendKickChat(request, viewer, `you are a ${leet}!`, messageId);
    await expect.poll(() => deletedAtKick(request), { timeout: 20_000 }).toContain(messageId);
    expect(await deletedAtKick(request)).not.toContain(plainId);

    // The panel lists the act (it refreshes on load).
    await page.reload();
    const acts = page.getByRole('list', { name: 'Recent moderation acts' });
    await expect(
      acts
        .getByRole('listitem')
        .filter({ hasText: `@${viewer.username}` })
        .first(),
    ).toContainText(`Blocked word "${word}"`);

    // 375 px: the panel fits without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(panel.getByRole('button', { name: 'Save moderation' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkBothSchemes(page, 'admin stream chat moderation 375px');
  } finally {
    // Leave the switch and the lists as they were for the other specs.
    await adminPut(page.request, '/api/admin/stream/moderation', before.settings);
    await adminPut(page.request, '/api/admin/bot-features/moderation', { status: before.enabled });
  }
});
