import { checkBothSchemes } from './support/axe';
import { admin, expect, signInByApi, test } from './support/fixtures';

// The Stream screen's Test chat tab: the admin writes !points as a test viewer and reads the bot's
// answer in the console, without any channel going live (axe in dark and light). What the test chat
// runs (commands, roles, moderation, giveaways) and that nothing reaches Kick or a balance is in the
// integration tests (apps/server/src/modules/chat/test-chat/test-chat.test.ts).

test('the Test chat tab answers !points', async ({ page }) => {
  test.setTimeout(90_000);
  await signInByApi(page, admin);
  await page.goto('/admin/stream/test-chat');
  await expect(page.getByRole('heading', { level: 2, name: 'Test chat' })).toBeVisible();

  const name = `e2e${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Test message' });
  await form.getByLabel("Test viewer's name").fill(name);
  await form.getByLabel('Message').fill('!points');
  await form.getByRole('button', { name: 'Send' }).click();

  const console = page.getByRole('list', { name: 'Test chat console' });
  // Not linked to a member: the bot answers as it would an unlinked viewer on Kick.
  await expect(console.getByText(`@${name} link your account first`, { exact: false })).toBeVisible();
  await expect(console.getByRole('listitem').filter({ hasText: name }).filter({ hasText: '!points' })).toHaveCount(1);
  await expect(form.getByLabel('Message')).toHaveValue('');
  await checkBothSchemes(page, 'admin stream test chat');

  // The console is kept: a reload shows the same exchange.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Test chat console' }).getByText(`@${name} link your account first`, { exact: false })).toBeVisible();
});
