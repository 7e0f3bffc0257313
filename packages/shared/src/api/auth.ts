import { z } from 'zod';

/**
 * The accounts API (spec 1 §7, as issue 3 answers it): request bodies, responses and error codes of
 * every /api/auth call. The server validates with these exact schemas; the web forms may reuse them.
 * Errors are the envelope of ./errors.ts ({ ok: false, error, code }) with a code from AUTH_ERROR_CODES.
 */

/** 3 to 20 letters, digits or underscores (issue 3). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
/** An upper bound keeps hashing cost bounded; far above any real passphrase. */
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;

export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your email')
  .max(EMAIL_MAX, 'That email is too long')
  .pipe(z.email('Enter a valid email address'));

export const UsernameSchema = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, 'Username must be 3 to 20 letters, digits or underscores');

/** Length only: the common-password check runs on the server (code WEAK_PASSWORD). */
export const NewPasswordSchema = z
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
export type RefreshBody = z.input<typeof RefreshBodySchema>;

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
export type VerifyEmailBody = z.input<typeof VerifyEmailBodySchema>;

/** 200 { ok: true }; 400 { ok: false, error, code: 'INVALID_TOKEN' } for unknown, used or expired tokens. */
export const VerifyEmailResponseSchema = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** Stable machine codes of the accounts API (the `code` of the error envelope). */
export const AUTH_ERROR_CODES = {
  /** 400: a body that does not match its schema (unknown fields too). */
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  /** 400: the password is on the common-password list. */
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  /** 409 */
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  /** 409 */
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  /** 401: wrong e-mail/username or password (one message for both). */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** 401: no, bad or expired access token, or no/bad/reused refresh cookie. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** 403: the Origin header of refresh/logout is not APP_ORIGIN. */
  BAD_ORIGIN: 'BAD_ORIGIN',
  /** 403: a call that needs a verified e-mail. */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  /** 403: a call that needs an admin. */
  FORBIDDEN: 'FORBIDDEN',
  /** 400: verify-email with an unknown, used or expired token. */
  INVALID_TOKEN: 'INVALID_TOKEN',
  /** 429, with Retry-After. */
  RATE_LIMITED: 'RATE_LIMITED',
} as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

/** Access tokens live 15 minutes (ARCHITECTURE: security settings). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The refresh cookie: httpOnly, Path=/api/auth, SameSite=Strict; 30 days with rememberMe, else a session cookie. */
export const REFRESH_COOKIE_NAME = 'refresh_token';
export const REFRESH_TOKEN_TTL_DAYS = 30;
