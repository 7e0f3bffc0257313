import type { LoginResponse, RegisterBody } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/register: the new account's tokens and user (its e-mail still to verify). */
export function register(body: RegisterBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/register', body);
}
