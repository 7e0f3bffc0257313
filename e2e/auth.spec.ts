import { checkBothSchemes } from './support/axe';
import { admin, createVerifiedUser, demo, expect, signInByApi, test, uniqueAccount } from './support/fixtures';
import { waitForMail } from './support/mail';

// Accounts and sessions (spec 1 §4 Session, §7) end to end in Chromium, mail through a real SMTP exchange.

test('register → verification mail over SMTP → its link signs in → reload keeps the session → logout → guard → login by username', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const account = uniqueAccount('j', testInfo.workerIndex);

  // Register in the modal.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await expect(register.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
  await register.getByLabel('Username').fill(account.username);
  await register.getByLabel('Email').fill(account.email);
  await register.getByLabel('Password', { exact: true }).fill(account.password);
  await register.getByLabel('Confirm password').fill(account.password);
  await register.getByRole('checkbox', { name: /I accept the/ }).check();
  await register.getByRole('button', { name: 'Register' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify your email' });
  await expect(verify).toBeVisible();
  await expect(verify.getByLabel('Email', { exact: true })).toHaveValue(account.email);

  // The verification mail arrives at the test SMTP receiver.
  const mail = await waitForMail(account.email);
  expect(mail.link.startsWith(`${baseURL}/verify-email?token=`)).toBe(true);

  // Its link signs the user in and lands on /dashboard.
  await page.goto(mail.link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Email verified — you are now signed in')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: `Profile of ${account.username}` })).toBeVisible();

  // A reload keeps the session (refresh cookie → new access token).
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(header.getByRole('link', { name: `Profile of ${account.username}` })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // The link is single use.
  const reused = await page.request.post('/api/auth/verify-email', { data: { token: new URL(mail.link).searchParams.get('token') } });
  expect(reused.status()).toBe(400);

  // Logout, then the protected route sends you to / with the login dialog.
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  const login = page.getByRole('dialog', { name: 'Welcome back' });
  await expect(login.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();

  // Log in by username with 'Remember me': back on /dashboard with a persistent refresh cookie.
  await login.getByLabel('Email or username').fill(account.username);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('checkbox', { name: 'Remember me' }).check();
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(login).toBeHidden();
  await expect(header.getByRole('link', { name: `Profile of ${account.username}` })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'refresh_token');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
});

test('a protected route remembers where you were going', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  const login = page.getByRole('dialog', { name: 'Welcome back' });
  await login.getByLabel('Email or username').fill(demo.email);
  await login.getByLabel('Password').fill(demo.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a wrong password is refused with one message and the dialog stays open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByRole('tab', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome back' });
  await login.getByLabel('Email or username').fill(demo.email);
  await login.getByLabel('Password').fill('not-the-password');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email/username or password.')).toBeVisible();
  await expect(login).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a bad verification link shows the failure', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Verification failed', { exact: true })).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Email verification failed. Please try again or contact support.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
});

test('a verified non-admin opening /admin sees the not-found page at /404', async ({ page }) => {
  await signInByApi(page, demo);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  // Signed in all along: the guard decided after the session was restored.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a visitor opening /admin is sent to /404', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
});

test('the admin reaches /admin', async ({ page }) => {
  await signInByApi(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
});

test('the profile page shows the account from the server and saves through PATCH /api/profile/complete', async ({ page, context }, testInfo) => {
  const account = await createVerifiedUser(page, 'p', testInfo.workerIndex);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/profile');
  const sidebar = page.getByRole('complementary', { name: 'Your account' });
  await expect(sidebar.getByRole('heading', { name: account.username })).toBeVisible();
  await expect(sidebar.getByText(account.email)).toBeVisible();
  await expect(sidebar.getByText('Days active')).toBeVisible();

  await sidebar.getByRole('button', { name: 'Copy User UID' }).click();
  await expect(page.getByText('User UID Copied')).toBeVisible();
  const uid = await page.evaluate(() => navigator.clipboard.readText());
  expect(uid.length).toBeGreaterThan(0);
  await expect(sidebar.getByText(uid, { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Casino Accounts' }).click();
  const form = page.getByRole('form', { name: 'Add crypto address' });
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expect(form.getByText('Please enter an address')).toBeVisible();
  await form.getByLabel('Address').fill('bc1qe2eaddress');
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('Address Added')).toBeVisible();

  // Stored on the server: a reload shows it again.
  await page.reload();
  await page.getByRole('tab', { name: 'Casino Accounts' }).click();
  await expect(page.getByText('bc1qe2eaddress')).toBeVisible();

  // Replacing the saved address asks for the current password (the owner's notice mail: profile.test.ts).
  await form.getByLabel('Address').fill('bc1qe2ereplaced');
  await form.getByRole('button', { name: 'Add Address' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm with your password' });
  await expect(confirm).toBeVisible();
  await checkBothSchemes(page, 'payout address password dialog');
  await confirm.getByLabel('Current password').fill('not-my-password-1');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('The current password is not right.');
  await confirm.getByLabel('Current password').fill(account.password);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Address Added')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('bc1qe2ereplaced')).toBeVisible();

  await sidebar.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Get Started' })).toBeVisible();
});
