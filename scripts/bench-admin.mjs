// The benchmarks' admin: its account (created by the server from ADMIN_* at start) and a sign-in
// that passes the second factor (ADMIN_MFA=required), for the admin calls they make.
import { generate as totpCode } from 'otplib';

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Pass-42' };
export const BENCH_ADMIN_TOTP_SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U';

/** The server environment that creates the bench admin with its second factor. */
export const benchAdminEnv = {
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  ADMIN_TOTP_SECRET: BENCH_ADMIN_TOTP_SECRET,
};

/** Signs the bench admin in at `origin` with a TOTP code and answers its access token. */
export async function adminLogin(origin) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_ADMIN, rememberMe: false }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  const { mfaToken } = await res.json();
  // A code is accepted once per 30-second step: if this step's was used, the next step's (one step of drift is allowed).
  for (const offset of [0, 30]) {
    const code = await totpCode({ secret: BENCH_ADMIN_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + offset });
    const answer = await fetch(`${origin}/api/auth/mfa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mfaToken, code }),
    });
    if (answer.ok) return (await answer.json()).tokens.access;
  }
  throw new Error('admin second factor refused');
}
