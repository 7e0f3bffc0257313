import type { APIResponse } from '@playwright/test';
import { generate } from 'otplib';

/** The authenticator code of a base32 secret at a time (default now), as an app computes it (otplib). */
export function totpCode(secret: string, atMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}

/**
 * Answers the second step of a login (TOTP). The server accepts each time step's code once per
 * account (no replay) and allows one step of drift, so when this step's code was used already the
 * next step's code is sent, and after that the helper waits for a fresh step.
 */
export async function answerWithTotp(secret: string, send: (code: string) => Promise<APIResponse>): Promise<APIResponse> {
  let response = await send(await totpCode(secret));
  if (response.status() !== 401) return response;
  response = await send(await totpCode(secret, Date.now() + 30_000));
  if (response.status() !== 401) return response;
  await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 100));
  return send(await totpCode(secret, Date.now() + 30_000));
}
