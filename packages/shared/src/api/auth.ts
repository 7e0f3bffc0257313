import { z } from 'zod';

/**
 * The accounts API (spec 1 §7): request bodies, responses and error codes of
 * every /api/auth call. The server validates with these exact schemas; the web forms may reuse them.
 * Errors are the envelope of ./errors.ts ({ ok: false, error, code }) with a code of ./error-codes.ts.
 */

/** 3 to 20 letters, digits or underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
const PASSWORD_MIN = 8;
/** An upper bound keeps hashing cost bounded; far above any real passphrase. */
export const PASSWORD_MAX = 256;
const EMAIL_MAX = 254;

const EmailSchema = z.string().trim().min(1, 'Enter your email').max(EMAIL_MAX, 'That email is too long').pipe(z.email('Enter a valid email address'));

export const UsernameSchema = z.string().trim().regex(USERNAME_PATTERN, 'Username must be 3 to 20 letters, digits or underscores');

/** Length only: the common-password check runs on the server (code WEAK_PASSWORD). */
const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** POST /api/auth/register. Without a username the server derives one from the e-mail. */
export const RegisterBodySchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  username: UsernameSchema.optional(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

/** POST /api/auth/login. `email` carries an e-mail or a username (spec 1 §7). */
export const LoginBodySchema = z.strictObject({
  email: z.string().trim().min(1, 'Enter email/username and password').max(EMAIL_MAX),
  password: z
    .string()
    .max(PASSWORD_MAX)
    .refine((value) => value.trim().length > 0, 'Enter email/username and password'),
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

/** POST /api/auth/refresh and /api/auth/logout: the token travels in the cookie; the body may be absent. */
export const RefreshBodySchema = z.strictObject({
  refresh: z.null().optional(),
});

/** The signed-in user as every auth call returns it. */
export const UserSchema = z.object({
  id: z.string(),
  /** Public User UID the person pastes into Kick chat (spec 1 §2 profile sidebar). */
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  points: z.number().int().nonnegative(),
  /** ISO 8601 */
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** POST /api/auth/refresh → 200. */
export const AccessResponseSchema = z.object({ access: z.string() });
export type AccessResponse = z.infer<typeof AccessResponseSchema>;

/** POST /api/auth/login and /api/auth/register → 200/201, plus the refresh_token cookie. */
export const LoginResponseSchema = z.object({
  tokens: z.object({ access: z.string() }),
  user: UserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** GET /api/auth/me. */
export const MeResponseSchema = z.object({ user: UserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** POST /api/auth/logout and /api/auth/resend-verification → 200. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });

/**
 * POST /api/auth/register answers 202 with this for a new address and for one that has an account
 * alike (the owner gets a mail instead): it does not tell who has an account. Nobody is signed in;
 * the client signs in with the same credentials next (POST /api/auth/login).
 */
export const RegisterResponseSchema = z.object({ ok: z.literal(true), pendingVerification: z.literal(true) });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;
export type OkResponse = z.infer<typeof OkResponseSchema>;

/** POST /api/auth/resend-verification: the same answer whether or not the address has an account. */
export const ResendVerificationBodySchema = z.strictObject({
  email: z.string().trim().min(1, 'Please enter your email to resend verification').max(EMAIL_MAX),
});
export type ResendVerificationBody = z.input<typeof ResendVerificationBodySchema>;

/** POST /api/auth/verify-email. */
export const VerifyEmailBodySchema = z.strictObject({
  token: z.string().trim().min(1).max(512),
});

/** 200 { ok: true }; 400 { ok: false, error, code: 'INVALID_TOKEN' } for unknown, used or expired tokens. */
export const VerifyEmailResponseSchema = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** Access tokens live 15 minutes (ARCHITECTURE: security settings). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The refresh cookie: httpOnly, Path=/api/auth, SameSite=Strict; 30 days with rememberMe, else a session cookie. */
export const REFRESH_COOKIE_NAME = 'refresh_token';
export const REFRESH_TOKEN_TTL_DAYS = 30;
/**
 * A session's absolute lifetime counts from sign-in and is never extended by a refresh: 30 days
 * with "remember me" (REFRESH_TOKEN_TTL_DAYS), 24 hours without. After it the person signs in again.
 */
export const SESSION_MAX_HOURS_WITHOUT_REMEMBER = 24;

// ---- Account security: password reset, sessions, two-factor sign-in ----

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export const ForgotPasswordBodySchema = z.strictObject({
  email: EmailSchema,
});
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/** Reset links live 30 minutes and work once. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** POST /api/auth/reset-password: the registration rules apply to the new password (WEAK_PASSWORD too). */
export const ResetPasswordBodySchema = z.strictObject({
  token: z.string().trim().min(1, 'This reset link is invalid.').max(512),
  password: NewPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

/** A second-factor code: six digits from the authenticator app, or a recovery code (XXXX-XXXX-XXXX-XXXX). */
export const SecondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(32, 'That code is too long')
  .regex(/^(\d{6}|[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}-?[A-Za-z2-7]{4})$/, 'Enter the 6-digit code or a recovery code');

/** POST /api/auth/login → 200 when the account has two-factor sign-in: finish with POST /api/auth/mfa. */
const MfaRequiredResponseSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
});
export type MfaRequiredResponse = z.infer<typeof MfaRequiredResponseSchema>;

/** POST /api/auth/login → 200: signed in, or the second step is needed. */
export const LoginResultSchema = z.union([LoginResponseSchema, MfaRequiredResponseSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** POST /api/auth/mfa: the second step of a login (the mfaToken lives 5 minutes and works once). */
export const MfaLoginBodySchema = z.strictObject({
  mfaToken: z.string().trim().min(1).max(512),
  code: SecondFactorCodeSchema,
});
export type MfaLoginBody = z.input<typeof MfaLoginBodySchema>;

/** A code for the signed-in user's own second factor (confirm enrolment, turn off, step up). */
export const MfaCodeBodySchema = z.strictObject({ code: SecondFactorCodeSchema });
export type MfaCodeBody = z.input<typeof MfaCodeBodySchema>;

/** GET /api/auth/mfa. */
export const MfaStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** This session passed the second factor. */
  sessionVerified: z.boolean(),
  /** An admin whose admin calls need a session that passed the second factor (ADMIN_MFA=required). */
  requiredForAdmin: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** POST /api/auth/mfa/enroll: the current password, asked again before a second factor is bound to the account. */
export const MfaEnrollBodySchema = z.strictObject({
  password: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
});
export type MfaEnrollBody = z.input<typeof MfaEnrollBodySchema>;

/** POST /api/auth/mfa/enroll: a new secret to scan (not active until confirmed with a code). */
export const MfaEnrollResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type MfaEnrollResponse = z.infer<typeof MfaEnrollResponseSchema>;

/** POST /api/auth/mfa/enroll/confirm: ten recovery codes, shown once, and an access token of this now-verified session. */
export const MfaConfirmResponseSchema = z.object({ recoveryCodes: z.array(z.string()), access: z.string() });
export type MfaConfirmResponse = z.infer<typeof MfaConfirmResponseSchema>;

/** A signed-in session (a refresh-token family) as Settings lists it. */
const SessionInfoSchema = z.object({
  id: z.string(),
  /** From the user agent, e.g. "Chrome 140 on Linux". */
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the caller's access token. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** GET /api/auth/sessions. */
export const SessionsResponseSchema = z.object({ sessions: z.array(SessionInfoSchema) });
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>;

/** DELETE /api/auth/sessions/:id. */
export const SessionParamsSchema = z.strictObject({ id: z.uuid('Unknown session') });

/** DELETE /api/auth/sessions: every other session ended. */
export const EndSessionsResponseSchema = z.object({ ok: z.literal(true), ended: z.number().int().nonnegative() });
export type EndSessionsResponse = z.infer<typeof EndSessionsResponseSchema>;
