import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MfaStatus } from '@app/shared/api/auth';
import { getAccessToken, setAccessToken } from '@/lib/api-client';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import AdminMfaGate from './admin-mfa-gate';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

const admin = testMember({ id: 'a1', uid: 'UID-A1', username: 'boss', email: 'boss@example.test', isAdmin: true, createdAt: '2026-11-01T00:00:00.000Z' });

let status: MfaStatus;
let calls: { url: string; body: unknown }[];

function json(code: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  toastMock.mockReset();
  setAccessToken('password-only');
  session.current = testSession({ user: admin });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ url, body });
    if (url === '/api/auth/mfa') return json(200, status);
    if (url === '/api/auth/mfa/enroll')
      return json(200, { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Rewards%20Hub:boss?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    if (url === '/api/auth/mfa/enroll/confirm') {
      if ((body as { code: string }).code !== '123456') return json(400, { ok: false, error: 'That code is not valid.', code: 'WRONG_CODE' });
      status = { ...status, enabled: true, sessionVerified: true, recoveryCodesLeft: 10 };
      return json(200, {
        recoveryCodes: Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-DD${String.fromCharCode(65 + i)}${(i % 8) + 2}`),
        access: 'verified',
      });
    }
    if (url === '/api/auth/mfa/verify') {
      if ((body as { code: string }).code !== '654321') return json(400, { ok: false, error: 'That code is not valid.', code: 'WRONG_CODE' });
      status = { ...status, sessionVerified: true };
      return json(200, { access: 'stepped-up' });
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
});

function renderGate() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdminMfaGate>
        <h1>Admin console</h1>
      </AdminMfaGate>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('admin second-factor gate', () => {
  it('leads an admin without TOTP through enrolment, shows the recovery codes once, then opens the admin area', async () => {
    status = { enabled: false, recoveryCodesLeft: 0, sessionVerified: false, requiredForAdmin: true };
    const u = renderGate();
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin console' })).toBeNull();
    // The current password first; without it nothing is asked of the server.
    await u.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/auth/mfa/enroll')).toHaveLength(0);
    await u.type(screen.getByLabelText('Current password'), 'Boss-Pass-12345');
    await u.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByTestId('totp-secret')).toHaveProperty('textContent', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(calls.find((c) => c.url === '/api/auth/mfa/enroll')?.body).toEqual({ password: 'Boss-Pass-12345' });
    await u.type(screen.getByLabelText('Code from the app'), '000000');
    await u.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'That code is not valid.', variant: 'destructive' }));
    await u.type(screen.getByLabelText('Code from the app'), '123456');
    await u.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(10);
    // The new access token is of this session, which passed the second factor.
    expect(getAccessToken()).toBe('verified');
    expect(screen.queryByRole('heading', { name: 'Admin console' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'I saved my recovery codes' }));
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeTruthy();
  });

  it('asks an enrolled admin whose session did not pass the second factor for a code', async () => {
    status = { enabled: true, recoveryCodesLeft: 10, sessionVerified: false, requiredForAdmin: true };
    const u = renderGate();
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    await u.type(screen.getByLabelText('Authentication code'), '654321');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeTruthy();
    expect(getAccessToken()).toBe('stepped-up');
    expect(calls.filter((c) => c.url === '/api/auth/mfa/verify').map((c) => c.body)).toEqual([{ code: '654321' }]);
  });

  it('lets a verified session (or ADMIN_MFA=optional) straight through', async () => {
    status = { enabled: true, recoveryCodesLeft: 10, sessionVerified: true, requiredForAdmin: true };
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeTruthy();
  });
});
