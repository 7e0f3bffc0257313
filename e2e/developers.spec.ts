import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseURL } from './playwright.config';
import { uniqueName } from './support/admin-api';
import { checkBothSchemes } from './support/axe';
import { admin, expect, signInByApi, test } from './support/fixtures';

/**
 * The Developers screen: the admin creates an API token (shown once), adds a webhook pointing at a
 * local receiver, sends a test and sees the delivery in its log, delivered; axe in dark and light.
 * The signing, retries, scopes and limits are in the integration tests (modules/developers).
 */

let receiver: Server;
const received: string[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(String(req.headers['webhook-id'] ?? ''));
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('Developers: the admin creates a token and a webhook and sees a delivery in its log', async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInByApi(page, admin);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Developers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
  await checkBothSchemes(page, 'developers screen');

  const name = uniqueName('Overlay').slice(0, 40);
  const tokenForm = page.getByRole('form', { name: 'Create an API token' });
  await tokenForm.getByLabel('Token name').fill(name);
  await tokenForm.getByLabel('community:read').check();
  await tokenForm.getByRole('button', { name: 'Create token' }).click();
  const token = page.getByRole('textbox', { name: 'New API token' });
  await expect(token).toHaveValue(/^rh_/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const hookForm = page.getByRole('form', { name: 'Add a webhook' });
  await hookForm.getByLabel('Endpoint URL').fill(url);
  await hookForm.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
  const item = page.getByRole('listitem').filter({ hasText: url });
  await item.getByRole('button', { name: 'Send test' }).click();
  const log = page.getByRole('table', { name: `Deliveries to ${url}` });
  await expect(log.getByRole('row').filter({ hasText: 'ping' }).getByRole('cell', { name: 'delivered' })).toBeVisible({ timeout: 20_000 });
  expect(received.length).toBeGreaterThanOrEqual(1);
  await checkBothSchemes(page, 'developers screen with a token and a webhook');
  await context.close();
});
