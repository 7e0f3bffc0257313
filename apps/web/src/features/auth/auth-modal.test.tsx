import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { AuthModal } from './auth-modal';
import type { AuthNavigationState } from './auth-navigation';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

type Handler = (body: unknown) => { status: number; body: unknown };
let routes: Record<string, Handler>;
let requests: { url: string; body: unknown }[];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const user = {
  id: 'u1',
  uid: 'UID-1',
  username: 'newbie',
  email: 'newbie@example.test',
  emailVerified: false,
  isAdmin: false,
  points: 0,
  createdAt: '2026-11-21T00:00:00.000Z',
};

// The dialog is a lazy chunk: load it once up front so the first test does not time out on the transform.
beforeAll(async () => {
  await import('./auth-dialog');
});

beforeEach(() => {
  requests = [];
  toastMock.mockReset();
  // Signed out at start: no refresh cookie.
  routes = { 'POST /api/auth/refresh': () => ({ status: 401, body: { ok: false, error: 'No session', code: 'UNAUTHORIZED' } }) };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    requests.push({ url, body });
    const handler = routes[`${init.method ?? 'GET'} ${url}`];
    if (!handler) return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
    const answer = handler(body);
    return json(answer.status, answer.body);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderModal(state: AuthNavigationState = { openAuth: true, tab: 'login', from: '/dashboard' }) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SessionProvider>
            <Where />
            <AuthModal />
          </SessionProvider>
        ),
      },
    ],
    { initialEntries: [{ pathname: '/', state }] },
  );
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), router };
}

describe('auth modal', () => {
  it('opens on the login tab and asks for both login fields (spec 1 §5)', async () => {
    const { user: u } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(within(dialog).getByRole('tab', { name: 'Login', selected: true })).toBeTruthy();
    await u.type(within(dialog).getByLabelText('Email or username'), 'someone');
    await u.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByText('Enter email/username and password')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/auth/login')).toHaveLength(0);
  });

  it('checks terms and the password confirmation on register (spec 1 §5)', async () => {
    const { user: u } = renderModal({ openAuth: true, tab: 'register' });
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    await u.type(within(dialog).getByLabelText('Email'), 'newbie@example.test');
    await u.type(within(dialog).getByLabelText('Password'), 'long-enough-1');
    await u.type(within(dialog).getByLabelText('Confirm password'), 'long-enough-2');
    await u.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Passwords do not match')).toBeTruthy();
    expect(within(dialog).getByText('You must accept the Terms & Conditions')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/auth/register')).toHaveLength(0);
  });

  it('registers, shows the verify view, and resend needs an e-mail', async () => {
    routes['POST /api/auth/register'] = () => ({ status: 202, body: { ok: true, pendingVerification: true } });
    routes['POST /api/auth/login'] = () => ({ status: 200, body: { tokens: { access: 'a1' }, user } });
    routes['POST /api/auth/resend-verification'] = () => ({ status: 200, body: { ok: true } });
    const { user: u } = renderModal({ openAuth: true, tab: 'register' });
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    await u.type(within(dialog).getByLabelText('Username'), 'newbie');
    await u.type(within(dialog).getByLabelText('Email'), 'newbie@example.test');
    await u.type(within(dialog).getByLabelText('Password'), 'long-enough-1');
    await u.type(within(dialog).getByLabelText('Confirm password'), 'long-enough-1');
    await u.click(within(dialog).getByRole('checkbox', { name: /I accept the/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Register' }));

    const verify = await screen.findByRole('dialog', { name: 'Verify your email' });
    expect(requests.find((r) => r.url === '/api/auth/register')?.body).toEqual({
      email: 'newbie@example.test',
      password: 'long-enough-1',
      username: 'newbie',
    });
    expect(toastMock).toHaveBeenCalledWith({ title: 'Verification email sent' });

    const email = within(verify).getByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('newbie@example.test');
    await u.clear(email);
    await u.click(within(verify).getByRole('button', { name: 'Resend' }));
    expect(await within(verify).findByText('Please enter your email to resend verification')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/auth/resend-verification')).toHaveLength(0);

    await u.type(email, 'newbie@example.test');
    await u.click(within(verify).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Verification email sent. Please check your inbox.' }));
    expect(requests.find((r) => r.url === '/api/auth/resend-verification')?.body).toEqual({ email: 'newbie@example.test' });

    await u.click(within(verify).getByRole('button', { name: 'Change it' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeTruthy();
  });

  it("'I've verified my email' asks the server, then profile completion confirms an empty submission", async () => {
    routes['POST /api/auth/register'] = () => ({ status: 202, body: { ok: true, pendingVerification: true } });
    routes['POST /api/auth/login'] = () => ({ status: 200, body: { tokens: { access: 'a1' }, user } });
    const { user: u } = renderModal({ openAuth: true, tab: 'register', from: '/profile' });
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    await u.type(within(dialog).getByLabelText('Email'), 'newbie@example.test');
    await u.type(within(dialog).getByLabelText('Password'), 'long-enough-1');
    await u.type(within(dialog).getByLabelText('Confirm password'), 'long-enough-1');
    await u.click(within(dialog).getByRole('checkbox', { name: /I accept the/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Register' }));
    const verify = await screen.findByRole('dialog', { name: 'Verify your email' });

    // Not verified yet: the view stays.
    routes['POST /api/auth/refresh'] = () => ({ status: 200, body: { access: 'a2' } });
    routes['GET /api/auth/me'] = () => ({ status: 200, body: { user } });
    await u.click(within(verify).getByRole('button', { name: "I've verified my email" }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Your email is not verified yet' })));
    expect(screen.getByRole('dialog', { name: 'Verify your email' })).toBeTruthy();

    routes['GET /api/auth/me'] = () => ({ status: 200, body: { user: { ...user, emailVerified: true } } });
    await u.click(within(verify).getByRole('button', { name: "I've verified my email" }));
    const completion = await screen.findByRole('dialog', { name: 'Complete your profile' });

    let patched: unknown;
    routes['PATCH /api/profile/complete'] = (body) => {
      patched = body;
      return { status: 200, body: { profile: { ...user, emailVerified: true } } };
    };
    await u.click(within(completion).getByRole('button', { name: 'Complete Profile' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('No Partner Username or Crypto Addresses Added. Continue anyway? You can always add them later in Settings.');
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(patched).toBeUndefined();

    await u.click(within(completion).getByRole('button', { name: 'Complete Profile' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profile'));
    expect(patched).toEqual({ partners: [], crypto: { btc: '', eth: '', usdt: '', sol: '' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Forgot?' leads to a form that asks for a reset link and says it is on its way", async () => {
    routes['POST /api/auth/forgot-password'] = () => ({ status: 200, body: { ok: true } });
    const { user: u } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    await u.click(within(dialog).getByRole('button', { name: 'Forgot?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Reset your password' });
    await u.click(within(forgot).getByRole('button', { name: 'Reset Password' }));
    expect(await within(forgot).findByText('Enter your email')).toBeTruthy();
    await u.type(within(forgot).getByLabelText('Email'), 'someone@example.test');
    await u.click(within(forgot).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(within(forgot).getByRole('status').textContent).toContain('If an account exists for someone@example.test'));
    expect(requests.find((r) => r.url === '/api/auth/forgot-password')?.body).toEqual({ email: 'someone@example.test' });
    expect(toastMock).not.toHaveBeenCalledWith({ title: 'Password reset not implemented yet.' });
  });

  it('a login that needs the second factor continues in the code view and finishes with POST /api/auth/mfa', async () => {
    routes['POST /api/auth/login'] = () => ({ status: 200, body: { mfaRequired: true, mfaToken: 'mfa-1' } });
    routes['POST /api/auth/mfa'] = (body) =>
      (body as { code: string }).code === '123456'
        ? { status: 200, body: { tokens: { access: 'a1' }, user: { ...user, emailVerified: true } } }
        : { status: 401, body: { ok: false, error: 'That code is not valid.', code: 'INVALID_CODE' } };
    const { user: u } = renderModal({ openAuth: true, tab: 'login', from: '/profile' });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    await u.type(within(dialog).getByLabelText('Email or username'), 'newbie');
    await u.type(within(dialog).getByLabelText('Password'), 'secret-password');
    await u.click(within(dialog).getByRole('button', { name: 'Login' }));
    const code = await screen.findByRole('dialog', { name: 'Two-factor sign-in' });
    await u.type(within(code).getByLabelText('Authentication code'), '000000');
    await u.click(within(code).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'That code is not valid.', variant: 'destructive' }));
    // A wrong code at the second step is not taken for an expired token: no refresh is tried.
    expect(requests.filter((r) => r.url === '/api/auth/refresh')).toHaveLength(0);
    await u.type(within(code).getByLabelText('Authentication code'), '123456');
    await u.click(within(code).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profile'));
    expect(requests.filter((r) => r.url === '/api/auth/mfa').map((r) => r.body)).toEqual([
      { mfaToken: 'mfa-1', code: '000000' },
      { mfaToken: 'mfa-1', code: '123456' },
    ]);
  });

  it('the reset view sets a new password, and a used link says so and offers a new one', async () => {
    let calls = 0;
    routes['POST /api/auth/reset-password'] = () =>
      ++calls === 1
        ? { status: 200, body: { ok: true } }
        : { status: 400, body: { ok: false, error: 'This reset link is invalid, already used or expired.', code: 'INVALID_TOKEN' } };
    const { user: u } = renderModal({ openAuth: true, view: 'reset', resetToken: 'tok-1' });
    const reset = await screen.findByRole('dialog', { name: 'Choose a new password' });
    await u.type(within(reset).getByLabelText('New password'), 'Brand-New-Pass-1');
    await u.type(within(reset).getByLabelText('Confirm new password'), 'Brand-New-Pass-2');
    await u.click(within(reset).getByRole('button', { name: 'Change Password' }));
    expect(await within(reset).findByText('Passwords do not match')).toBeTruthy();
    await u.clear(within(reset).getByLabelText('Confirm new password'));
    await u.type(within(reset).getByLabelText('Confirm new password'), 'Brand-New-Pass-1');
    await u.click(within(reset).getByRole('button', { name: 'Change Password' }));
    await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(toastMock).toHaveBeenCalledWith({ title: 'Password changed. Please log in with your new password.' });
    expect(requests.find((r) => r.url === '/api/auth/reset-password')?.body).toEqual({ token: 'tok-1', password: 'Brand-New-Pass-1' });
  });

  it('a reset link that no longer works offers a new one', async () => {
    routes['POST /api/auth/reset-password'] = () => ({
      status: 400,
      body: { ok: false, error: 'This reset link is invalid, already used or expired.', code: 'INVALID_TOKEN' },
    });
    const { user: u } = renderModal({ openAuth: true, view: 'reset', resetToken: 'used' });
    const reset = await screen.findByRole('dialog', { name: 'Choose a new password' });
    await u.type(within(reset).getByLabelText('New password'), 'Brand-New-Pass-1');
    await u.type(within(reset).getByLabelText('Confirm new password'), 'Brand-New-Pass-1');
    await u.click(within(reset).getByRole('button', { name: 'Change Password' }));
    expect(await within(reset).findByText('This reset link is invalid, already used or expired.')).toBeTruthy();
    await u.click(within(reset).getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
  });

  it('logs in, shows the busy label, and sends a verified user to `from`', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    routes['POST /api/auth/login'] = () => ({ status: 200, body: { tokens: { access: 'a1' }, user: { ...user, emailVerified: true } } });
    const { user: u } = renderModal({ openAuth: true, tab: 'login', from: '/points-store' });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    // Hold the login answer to see the busy state.
    const gate = new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) === '/api/auth/login') {
        requests.push({ url: String(input), body: JSON.parse(String(init.body)) });
        const a = await gate;
        return json(a.status, a.body);
      }
      return realFetch(input, init);
    });
    await u.type(within(dialog).getByLabelText('Email or username'), 'newbie');
    await u.type(within(dialog).getByLabelText('Password'), 'long-enough-1');
    await u.click(within(dialog).getByRole('checkbox', { name: 'Remember me' }));
    await u.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('button', { name: 'Logging in…' })).toBeTruthy();
    // Busy: Escape does not close it.
    await u.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
    answer({ status: 200, body: { tokens: { access: 'a1' }, user: { ...user, emailVerified: true } } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/points-store'));
    expect(requests.find((r) => r.url === '/api/auth/login')?.body).toEqual({ email: 'newbie', password: 'long-enough-1', rememberMe: true });
  });

  it('shows the server message when the login is refused', async () => {
    routes['POST /api/auth/login'] = () => ({ status: 401, body: { ok: false, error: 'Wrong email/username or password', code: 'INVALID_CREDENTIALS' } });
    const { user: u } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    await u.type(within(dialog).getByLabelText('Email or username'), 'newbie');
    await u.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await u.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Wrong email/username or password', variant: 'destructive' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
  });

  it('closing goes to /', async () => {
    const { user: u, router } = renderModal();
    await screen.findByRole('dialog', { name: 'Welcome back' });
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['verifySuccess', 'Your email has been verified! You can now log in.', 'Continue'],
    ['verifyFailed', 'Email verification failed. Please try again or contact support.', 'Retry'],
  ] as const)('the %s view returns to login', async (view, text, button) => {
    const { user: u } = renderModal({ openAuth: true, view });
    expect(await screen.findByText(text)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
  });
});
