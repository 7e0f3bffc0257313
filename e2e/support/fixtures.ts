import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL, e2eAdmin, e2eDemo } from '../playwright.config';
import { waitForMail } from './mail';
import { answerWithTotp } from './totp';

export { expect };
export const test = base;

/** totpSecret: the account has two-factor sign-in with this secret (the configured admin: ADMIN_TOTP_SECRET). */
export type Credentials = { email: string; password: string; totpSecret?: string };
export const admin: Credentials = e2eAdmin;
export const demo: Credentials = e2eDemo;

/**
 * Signs in through the API (the request context keeps the refresh cookie), answering the second
 * factor when the account has one (every admin: ADMIN_MFA=required); resolves to the login's answer.
 */
export async function signInWith(request: APIRequestContext, credentials: Credentials): Promise<{ tokens: { access: string } }> {
  const response = await request.post('/api/auth/login', {
    data: { email: credentials.email, password: credentials.password, rememberMe: true },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { tokens?: { access: string }; mfaRequired?: true; mfaToken?: string };
  if (!body.mfaRequired) return body as { tokens: { access: string } };
  expect(credentials.totpSecret, `${credentials.email} has two-factor sign-in: its Credentials need totpSecret`).toBeDefined();
  const answered = await answerWithTotp(credentials.totpSecret!, (code) =>
    request.post('/api/auth/mfa', { data: { mfaToken: body.mfaToken, code }, headers: { origin: baseURL } }),
  );
  expect(answered.status(), await answered.text()).toBe(200);
  return (await answered.json()) as { tokens: { access: string } };
}

/** Signs in through the API (the browser context keeps the refresh cookie); the app restores the session on start. */
export async function signInByApi(page: Page, credentials: Credentials): Promise<void> {
  await signInWith(page.request, credentials);
  await markSignedIn(page);
}

/**
 * The app refreshes its session on start only in a browser that signed in through it (a
 * localStorage hint; see mayHaveSession in apps/web/src/lib/api-client.ts). A sign-in through the
 * API sets that hint once for the tab, as the app's own login would.
 */
export async function markSignedIn(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-hint-seeded')) return;
    sessionStorage.setItem('e2e-hint-seeded', '1');
    localStorage.setItem('session-hint', '1');
  });
}

/** A username and address no other test or run uses (3 to 20 letters, digits or underscores). */
export function uniqueAccount(prefix: string, workerIndex: number): { username: string; email: string; password: string } {
  const username = `${prefix}${workerIndex}_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 20);
  return { username, email: `${username}@e2e.test`, password: 'Journey-e2e-Pass-77' };
}

/** Registers and signs in through the API and verifies through the link the real mail carries; the context is left signed in. */
export async function createVerifiedUser(page: Page, prefix: string, workerIndex: number) {
  const account = uniqueAccount(prefix, workerIndex);
  const registered = await page.request.post('/api/auth/register', {
    data: { email: account.email, password: account.password, username: account.username },
    // An address of this member's own (the e2e server trusts 127.0.0.1 as its proxy): test members
    // do not use up the per-address registration limit of the browser's own sign-ups.
    headers: { origin: baseURL, 'x-forwarded-for': `10.${workerIndex % 256}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}` },
  });
  // Registration signs nobody in (it answers a taken address alike); the login follows, as in the app.
  expect(registered.status(), await registered.text()).toBe(202);
  await signInWith(page.request, account);
  const mail = await waitForMail(account.email);
  const token = new URL(mail.link).searchParams.get('token');
  const verified = await page.request.post('/api/auth/verify-email', { data: { token }, headers: { origin: baseURL } });
  expect(verified.status(), await verified.text()).toBe(200);
  await markSignedIn(page);
  return account;
}
