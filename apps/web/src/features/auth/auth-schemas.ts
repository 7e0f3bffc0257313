import { z } from 'zod';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResendVerificationBodySchema,
  ResetPasswordBodySchema,
  UsernameSchema,
} from '@app/shared/api/auth';
import { CompleteProfileBodySchema, PARTNER_USERNAME_MAX } from '@app/shared/api/profile';

/** Login form: the server's body schema (spec 1 §5: 'Enter email/username and password'). */
export const LoginFormSchema = LoginBodySchema.extend({ rememberMe: z.boolean() });
export type LoginFormInput = z.input<typeof LoginFormSchema>;

/** Register form: the server's body plus confirmation and terms (spec 1 §3 Auth form, §5 messages). */
export const RegisterFormSchema = z
  .object({
    // The username is optional: the server derives one from the e-mail when it is blank.
    username: z.union([z.literal(''), UsernameSchema]),
    email: RegisterBodySchema.shape.email,
    password: RegisterBodySchema.shape.password,
    confirmPassword: z.string(),
    terms: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    }
    if (!value.terms) {
      ctx.addIssue({ code: 'custom', path: ['terms'], message: 'You must accept the Terms & Conditions' });
    }
  });
export type RegisterFormInput = z.input<typeof RegisterFormSchema>;

/** The e-mail that 'Resend' needs (spec 1 §5). */
export const ResendFormSchema = ResendVerificationBodySchema;

/** Forgot password: the address the reset link goes to. */
export const ForgotFormSchema = ForgotPasswordBodySchema;
export type ForgotFormInput = z.input<typeof ForgotFormSchema>;

/** Reset password: the registration rules, plus a matching confirmation. */
export const ResetFormSchema = z
  .object({ password: ResetPasswordBodySchema.shape.password, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ResetFormInput = z.input<typeof ResetFormSchema>;

/** Partner options at signup (spec 1 §5). */
export const SIGNUP_PARTNERS = ['Partner A', 'Partner B', 'Partner C'] as const;

const cryptoShape = CompleteProfileBodySchema.shape.crypto;

/**
 * Profile completion (spec 1 §3, §5): every field optional; a partner row counts when either part is
 * filled, and then needs both. The output is the PATCH /api/profile/complete body.
 */
export const ProfileCompletionFormSchema = z
  .object({
    partners: z.array(z.object({ partner: z.string(), username: z.string().trim().max(PARTNER_USERNAME_MAX) })),
    crypto: z.object({
      btc: z.string(),
      eth: z.string(),
      usdt: z.string(),
      sol: z.string(),
    }),
  })
  .superRefine((value, ctx) => {
    value.partners.forEach((row, index) => {
      const hasPartner = row.partner.trim() !== '';
      const hasUsername = row.username.trim() !== '';
      if (hasPartner && !hasUsername) ctx.addIssue({ code: 'custom', path: ['partners', index, 'username'], message: 'Enter your username at that partner' });
      if (!hasPartner && hasUsername) ctx.addIssue({ code: 'custom', path: ['partners', index, 'partner'], message: 'Choose a partner' });
    });
    const crypto = cryptoShape.safeParse(value.crypto);
    if (!crypto.success) {
      for (const issue of crypto.error.issues) ctx.addIssue({ code: 'custom', path: ['crypto', ...issue.path.map(String)], message: issue.message });
    }
  })
  .transform((value) => ({
    partners: value.partners
      .map((row) => ({ partner: row.partner.trim(), username: row.username.trim() }))
      .filter((row) => row.partner !== '' && row.username !== ''),
    crypto: {
      btc: value.crypto.btc.trim(),
      eth: value.crypto.eth.trim(),
      usdt: value.crypto.usdt.trim(),
      sol: value.crypto.sol.trim(),
    },
  }));
export type ProfileCompletionFormInput = z.input<typeof ProfileCompletionFormSchema>;
export type ProfileCompletionBody = z.output<typeof ProfileCompletionFormSchema>;

/** True when nothing was entered: spec 1 §4 asks for a confirm before submitting that. */
export function isEmptyCompletion(body: ProfileCompletionBody): boolean {
  return body.partners.length === 0 && Object.values(body.crypto).every((address) => address === '');
}
