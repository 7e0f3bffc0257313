import type { MeResponse, User } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** GET /api/auth/me, with GET /api/profile as the fallback (spec 1 §7); null when both fail. */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return (await api.get<MeResponse>('/api/auth/me')).user;
  } catch {
    try {
      return (await api.get<{ profile: User }>('/api/profile')).profile;
    } catch {
      return null;
    }
  }
}
