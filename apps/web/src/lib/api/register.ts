import type { RegisterBody, RegisterResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/register: the same answer whether the address is new or has an account (its owner
 * gets a mail instead); nobody is signed in by it.
 */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/api/auth/register', body);
}
