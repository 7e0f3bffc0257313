import type { LoginBody, LoginResult } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/login: the tokens and the user, or mfaRequired for an account with two-factor sign-in. */
export function login(body: LoginBody): Promise<LoginResult> {
  return api.post<LoginResult>('/api/auth/login', body);
}
