import type { Page } from '@playwright/test';
import { baseURL, e2eNewAdmin, enrolBaseURL } from './playwright.config';
import { checkBothSchemes } from './support/axe';
import { createVerifiedUser, expect, signInByApi, test } from './support/fixtures';
import { waitForLink, waitForSubject } from './support/mail';
import { totpCode } from './support/totp';

// Account security end to end in Chromium with mail through the real SMTP receiver: password reset,
// two-factor sign-in (a user enrols in Settings; the admin signs in with a code), ending a session.

async function openLogin(page: Page) {
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome back' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openSettings(page: Page) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
}

test('forgot → reset mail over SMTP → new password → sign in with it; the old one is refused', async ({ browser }, testInfo) => {
  const setup = await browser.newContext({ baseURL });
  const account = await createVerifiedUser(await setup.newPage(), 'rst', testInfo.workerIndex);
  await setup.close();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const login = await openLogin(page);
  await login.getByRole('button', { name: 'Forgot?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email').fill(account.email);
  const askedAt = Date.now() - 1000;
  await forgot.getByRole('button', { name: 'Reset Password' }).click();
  await expect(forgot.getByRole('status')).toContainText(`If an account exists for ${account.email}, a reset link is on its way.`);
  await expect(page.getByText('Password reset not implemented yet.')).toHaveCount(0);
  await checkBothSchemes(page, 'forgot: link sent');

  const link = await waitForLink(account.email, '/reset-password', { after: askedAt });
  expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  const reset = page.getByRole('dialog', { name: 'Choose a new password' });
  await expect(reset).toBeVisible();
  // The token leaves the address bar.
  await expect(page).toHaveURL(`${baseURL}/`);
  await checkBothSchemes(page, 'reset view');
  const newPassword = 'Reset-e2e-Pass-99';
  await reset.getByLabel('New password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Confirm new password').fill('something-else');
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await expect(reset.getByText('Passwords do not match')).toBeVisible();
  await reset.getByLabel('Confirm new password').fill(newPassword);
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed. Please log in with your new password.')).toBeVisible();
  await waitForSubject(account.email, 'Your Rewards Hub password was changed');

  // The login view: the old password is refused, the new one signs in.
  const again = page.getByRole('dialog', { name: 'Welcome back' });
  await again.getByLabel('Email or username').fill(account.email);
  await again.getByLabel('Password').fill(account.password);
  await again.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email/username or password.')).toBeVisible();
  await again.getByLabel('Password').fill(newPassword);
  await again.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once: opened again (signed out, on another browser), it says so and offers a new one.
  const fresh = await browser.newContext({ baseURL });
  const later = await fresh.newPage();
  await later.goto(link);
  const used = later.getByRole('dialog', { name: 'Choose a new password' });
  await used.getByLabel('New password', { exact: true }).fill('Another-e2e-Pass-7');
  await used.getByLabel('Confirm new password').fill('Another-e2e-Pass-7');
  await used.getByRole('button', { name: 'Change Password' }).click();
  await expect(used.getByText('This reset link is invalid, already used or expired.')).toBeVisible();
  await used.getByRole('button', { name: 'Send a new link' }).click();
  await expect(later.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
  await fresh.close();
  await context.close();
});

test('a user turns on two-factor sign-in in Settings (after the current password), then signs in with a code', async ({ page }, testInfo) => {
  const account = await createVerifiedUser(page, 'tfa', testInfo.workerIndex);
  await openSettings(page);
  // The current password first: none, then a wrong one, is refused with a clear message.
  const password = page.getByLabel('Current password');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByText('Enter your current password')).toBeVisible();
  await password.fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByText('That is not your current password.').first()).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);
  await password.fill(account.password);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await checkBothSchemes(page, 'settings: two-factor set-up');
  await page.getByLabel('Code from the app').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const firstRecovery = (await codes.first().textContent())!.trim();
  await checkBothSchemes(page, 'settings: recovery codes');
  await page.getByRole('button', { name: 'I saved my recovery codes' }).click();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();

  // Sign out, then the login asks for the code; a wrong one is refused, a recovery code works.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const login = await openLogin(page);
  await login.getByLabel('Email or username').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Login' }).click();
  const code = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await expect(code.getByLabel('Authentication code')).toBeFocused();
  await checkBothSchemes(page, 'auth: code view');
  const current = await totpCode(secret);
  await code.getByLabel('Authentication code').fill(current === '000000' ? '111111' : '000000');
  await code.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid. Check your authenticator app and try again.')).toBeVisible();
  await code.getByLabel('Authentication code').fill(firstRecovery);
  await code.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSettings(page);
  await expect(page.getByText('9 recovery codes left.')).toBeVisible();
});

test('a user ends another session from Settings; that session is signed out at once', async ({ browser }, testInfo) => {
  const first = await browser.newContext({ baseURL });
  const page = await first.newPage();
  const account = await createVerifiedUser(page, 'ses', testInfo.workerIndex);

  // A second device: signs in through the API and restores the session in the browser.
  const second = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' });
  const other = await second.newPage();
  await signInByApi(other, { email: account.email, password: account.password });
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/dashboard$/);

  await openSettings(page);
  const list = page.getByRole('list', { name: 'Signed-in sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This device')).toHaveCount(1);
  await checkBothSchemes(page, 'settings: sessions');
  await list.getByRole('button', { name: /^End session: Firefox 133 on Windows/ }).click();
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The ended session's refresh fails: a reload of a protected page sends it to the login.
  await other.reload();
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
  await first.close();
  await second.close();
});

test('logging out in one tab refuses the old access token of the other tab on its next call', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL });
  const first = await context.newPage();
  await createVerifiedUser(first, 'out', testInfo.workerIndex);
  await first.goto('/dashboard');
  await expect(first).toHaveURL(/\/dashboard$/);

  // A second tab of the same browser: same session (the refresh cookie), its own access token.
  const second = await context.newPage();
  let access: string | undefined;
  second.on('request', (request) => {
    const header = request.headers().authorization;
    if (header?.startsWith('Bearer ')) access = header.slice('Bearer '.length);
  });
  await second.goto('/dashboard');
  await expect(second).toHaveURL(/\/dashboard$/);
  await expect.poll(() => access).toBeDefined();
  const me = () => context.request.get('/api/auth/me', { headers: { authorization: `Bearer ${access}` } });
  expect((await me()).status()).toBe(200);

  await first.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(first).toHaveURL(/\/$/);
  // Not 15 minutes later: at once.
  const refused = await me();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED', error: 'Your session has ended. Please sign in again.' });
  await context.close();
});

test('Settings on a phone: the sessions list and two-factor card fit', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await createVerifiedUser(page, 'mob', testInfo.workerIndex);
  await openSettings(page);
  await expect(page.getByRole('list', { name: 'Signed-in sessions' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkBothSchemes(page, 'settings at 375 px');
  await context.close();
});

test('an admin without a second factor is refused by the admin API and led through enrolment on opening /admin, then signs in with a code', async ({
  browser,
}) => {
  // The second server of the run (playwright.config.ts): its admin has no TOTP yet, ADMIN_MFA=required.
  const context = await browser.newContext({ baseURL: enrolBaseURL });
  const page = await context.newPage();
  const signIn = async () => {
    const dialog = await openLogin(page);
    await dialog.getByLabel('Email or username').fill(e2eNewAdmin.email);
    await dialog.getByLabel('Password').fill(e2eNewAdmin.password);
    await dialog.getByRole('button', { name: 'Login' }).click();
  };

  // Without the second factor the admin API refuses a password-only session.
  const passwordOnly = await context.request.post('/api/auth/login', {
    data: { email: e2eNewAdmin.email, password: e2eNewAdmin.password },
    headers: { origin: enrolBaseURL },
  });
  const { tokens } = (await passwordOnly.json()) as { tokens: { access: string } };
  const refused = await context.request.get('/api/admin/overview', { headers: { authorization: `Bearer ${tokens.access}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ ok: false, code: 'MFA_REQUIRED' });

  await signIn();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
  await checkBothSchemes(page, 'admin: enrolment gate');
  await page.getByLabel('Current password').fill(e2eNewAdmin.password);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from the app').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I saved my recovery codes' }).click();
  // The gate is gone: the admin console's own heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // Signing in again now asks for a code (the next step's: this step's was spent on the enrolment).
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn();
  const code = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await code.getByLabel('Authentication code').fill(await totpCode(secret, Date.now() + 30_000));
  await code.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await context.close();
});
