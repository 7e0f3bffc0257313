import type { APIResponse } from '@playwright/test';
import { generate } from 'otplib';

/** The authenticator code of a base32 secret at a time (default now), as an app computes it (otplib). */
export function totpCode(secret: string, atMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}

/**
 * Answers the second step of a login (TOTP). The server accepts each time step's code once per
 * account (no replay) and allows one step of drift, so when this step's code was used already the
 * next step's code is sent. The server is another process on the system clock, which a test cannot
 * move: a third sign-in within one step is refused rather than waited out, so a spec that needs
 * more sign-ins signs in once and reuses the saved state.
 */
export async function answerWithTotp(secret: string, send: (code: string) => Promise<APIResponse>): Promise<APIResponse> {
  const response = await send(await totpCode(secret));
  if (response.status() !== 401) return response;
  return send(await totpCode(secret, Date.now() + 30_000));
}
