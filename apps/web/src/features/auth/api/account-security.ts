import type {
  ForgotPasswordBody,
  LoginResponse,
  MfaLoginBody,
  OkResponse,
  ResetPasswordBody,
} from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account (issue 12). */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<OkResponse> {
  return api.post<OkResponse>('/api/auth/forgot-password', body);
}

/** POST /api/auth/reset-password: the new password; every session ends. */
export function resetPassword(body: ResetPasswordBody): Promise<OkResponse> {
  return api.post<OkResponse>('/api/auth/reset-password', body);
}

/** POST /api/auth/mfa: the second step of a login. */
export function finishMfaLogin(body: MfaLoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/mfa', body);
}
