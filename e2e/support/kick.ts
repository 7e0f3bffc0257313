import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { baseURL, kickURL } from '../playwright.config';

/** The fake Kick's broadcaster (e2e/support/fake-kick-server.ts): the channel the admin connects. */
export const BROADCASTER = { user_id: 1001, username: 'Streamer', channel_slug: 'streamer' };

export type KickViewer = { user_id: number; username: string };

/** A chat message from `viewer` in the broadcaster's chat, signed and delivered to our webhook by the fake Kick. */
export async function sendKickChat(request: APIRequestContext, viewer: KickViewer, content: string, messageId: string): Promise<void> {
  const body = {
    message_id: messageId,
    broadcaster: BROADCASTER,
    sender: { ...viewer, is_verified: false, channel_slug: viewer.username.toLowerCase(), identity: { username_color: '#fff', badges: [] } },
    content,
    emotes: [],
    created_at: new Date().toISOString(),
  };
  const answer = await request.post(`${kickURL}/_fake/deliver`, {
    data: { to: `${baseURL}/api/integrations/kick/webhook`, type: 'chat.message.sent', body },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ status: 200 });
}

/**
 * On the admin Stream screen (open): connects the fake Kick's channel through Kick's OAuth, unless
 * it is connected already (the channel is one for the whole run, and specs that need it run in any
 * order and at once). Ends with the channel shown.
 */
export async function connectKickChannel(page: Page): Promise<void> {
  const connect = page.getByRole('button', { name: 'Connect Kick channel' });
  const connected = page.getByText(`kick.com/${BROADCASTER.channel_slug}`);
  await expect(connect.or(connected).first()).toBeVisible();
  if (await connect.isVisible()) {
    await connect.click();
    // Kick's authorize page redirects at once; the callback brings the browser back to the Stream screen's connection tab.
    await expect(page).toHaveURL(/\/admin\/stream\/connection$/);
  }
  await expect(connected).toBeVisible();
}
