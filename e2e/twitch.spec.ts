import { twitchURL } from './playwright.config';
import { checkBothSchemes } from './support/axe';
import { admin, createVerifiedUser, expect, signInByApi, signInWith, test } from './support/fixtures';
import { sendKickChat } from './support/kick';

// Twitch beside Kick end to end, against the fake Twitch (its own process, e2e/support/fake-twitch-server.ts):
// the admin connects the Twitch channel through Twitch's OAuth (the fake sends each EventSub
// subscription's challenge to the app), a member's UID arrives in Twitch chat, the member confirms on
// the profile, and the profile lists both platforms (Kick linked the same way). The rules are tested
// by the integration tests (apps/server/src/modules/chat/twitch/twitch.test.ts).

const BROADCASTER = { id: '90001', login: 'streamer' };

test('connect Twitch beside Kick, link a member on both by UID with a confirmation, and list both on the profile', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  await signInByApi(page, admin);
  await page.goto('/admin/stream');
  // The admin chunk loads lazily (slow on a busy machine).
  await expect(page.getByRole('heading', { level: 1, name: 'Stream' })).toBeVisible({ timeout: 30_000 });
  // Kick first (as e2e/support/kick.ts's connectKickChannel, with longer waits: each callback reloads the lazy admin chunk).
  const connectKick = page.getByRole('button', { name: 'Connect Kick channel' });
  const kickConnected = page.getByText('kick.com/streamer');
  await expect(connectKick.or(kickConnected).first()).toBeVisible({ timeout: 30_000 });
  if (await connectKick.isVisible()) {
    await connectKick.click();
    await expect(page).toHaveURL(/\/admin\/stream\/connection$/, { timeout: 30_000 });
  }
  await expect(kickConnected).toBeVisible({ timeout: 30_000 });
  const connect = page.getByRole('button', { name: 'Connect Twitch channel' });
  const connected = page.getByText(`twitch.tv/${BROADCASTER.login}`);
  await expect(connect.or(connected).first()).toBeVisible({ timeout: 30_000 });
  if (await connect.isVisible()) {
    await connect.click();
    // Twitch's authorize page (the fake) redirects at once; the callback brings the browser back to the connection tab.
    await expect(page).toHaveURL(/\/admin\/stream\/connection$/, { timeout: 30_000 });
  }
  await expect(connected).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Twitch event subscriptions' }).getByRole('listitem')).toHaveCount(8);
  await checkBothSchemes(page, 'admin stream with the Twitch card');
  // Every subscription answered its challenge.
  await expect
    .poll(async () => {
      const { subscriptions } = (await (await request.get(`${twitchURL}/_fake/subscriptions`)).json()) as { subscriptions: { status: string }[] };
      return subscriptions.map((s) => s.status);
    })
    .toEqual(Array(8).fill('enabled'));

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  try {
    const account = await createVerifiedUser(memberPage, 'tw', testInfo.workerIndex);
    const { tokens } = await signInWith(memberPage.request, account);
    const { profile } = (await (await memberPage.request.get('/api/profile', { headers: { authorization: `Bearer ${tokens.access}` } })).json()) as {
      profile: { uid: string };
    };
    const suffix = `${Date.now().toString(36)}${testInfo.workerIndex}`;

    // Kick first, as the Kick flow does it.
    const kickViewer = { user_id: 880_000 + Math.floor(Math.random() * 100_000), username: `KickFan${suffix}`.slice(0, 24) };
    await sendKickChat(request, kickViewer, `uid ${profile.uid}`, `e2e-tw-kick-${suffix}`);
    await memberPage.goto('/profile');
    const kickAsk = memberPage.getByRole('alert').filter({ hasText: `Link Kick account @${kickViewer.username}?` });
    await expect(kickAsk).toBeVisible({ timeout: 30_000 });
    await kickAsk.getByRole('button', { name: 'Confirm' }).click();
    const linkedList = memberPage.getByRole('list', { name: 'Linked chat accounts' });
    await expect(linkedList.getByText(`Kick: @${kickViewer.username}`)).toBeVisible();

    // Then Twitch: the UID in Twitch chat, delivered by the fake as a signed channel.chat.message.
    const twitchName = `TwitchFan${suffix}`.slice(0, 24);
    const notify = await request.post(`${twitchURL}/_fake/notify`, {
      data: {
        type: 'channel.chat.message',
        event: {
          broadcaster_user_id: BROADCASTER.id,
          broadcaster_user_login: BROADCASTER.login,
          broadcaster_user_name: 'Streamer',
          chatter_user_id: String(700_000 + Math.floor(Math.random() * 100_000)),
          chatter_user_login: twitchName.toLowerCase(),
          chatter_user_name: twitchName,
          message_id: `e2e-tw-${suffix}`,
          message: { text: `my uid is ${profile.uid}`, fragments: [] },
          message_type: 'text',
          badges: [],
          source_broadcaster_user_id: null,
        },
      },
    });
    expect(notify.status()).toBe(200);
    expect(await notify.json()).toMatchObject({ status: 200 });
    const twitchAsk = memberPage.getByRole('alert').filter({ hasText: `Link Twitch account @${twitchName}?` });
    await expect(twitchAsk).toBeVisible({ timeout: 30_000 });
    await checkBothSchemes(memberPage, 'profile chat accounts with a Twitch request');
    await twitchAsk.getByRole('button', { name: 'Confirm' }).click();
    await expect(linkedList.getByText(`Twitch: @${twitchName}`)).toBeVisible();
    await expect(linkedList.getByText(`Kick: @${kickViewer.username}`)).toBeVisible();
    await expect(linkedList.getByRole('button', { name: 'Unlink Twitch account' })).toBeVisible();
    await checkBothSchemes(memberPage, 'profile chat accounts, both linked');
  } finally {
    await memberContext.close();
  }
});
