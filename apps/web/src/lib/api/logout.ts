import { api } from '@/lib/api-client';

/** POST /api/auth/logout: the refresh cookie's session ends (the body names no other token). */
export async function logout(): Promise<void> {
  await api.post('/api/auth/logout', { refresh: null });
}
