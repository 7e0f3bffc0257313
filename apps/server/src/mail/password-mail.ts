import { PASSWORD_RESET_TTL_MINUTES } from '@app/shared/api/auth';
import type { MailMessage } from './mailer.ts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function page(paragraphs: string): string {
  return `<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111;">
${paragraphs}
  </body>
</html>`;
}

/** The link a password reset mail carries: it opens the auth dialog on the reset view. */
export function resetLink(appOrigin: string, token: string): string {
  return `${appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
}

/** The reset mail: a plain-text part and an HTML part with the same link. */
export function passwordResetMail(to: string, username: string, link: string): MailMessage {
  const text = [
    `Hi ${username},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Rewards Hub account. Open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = page(`    <p>Hi ${escapeHtml(username)},</p>
    <p>Someone (hopefully you) asked to reset the password of your Rewards Hub account.</p>
    <p><a href="${safeLink}" style="display: inline-block; padding: 10px 18px; background: #7c3aed; color: #fff; border-radius: 6px; text-decoration: none;">Choose a new password</a></p>
    <p>Or open this link: <a href="${safeLink}">${safeLink}</a></p>
    <p style="color: #555; font-size: 13px;">The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this mail: your password stays as it is.</p>`);
  return { to, subject: 'Reset your Rewards Hub password', text, html };
}

/** Sent after a reset: every session was signed out. */
export function passwordChangedMail(to: string, username: string, appOrigin: string): MailMessage {
  const text = [
    `Hi ${username},`,
    '',
    'The password of your Rewards Hub account was just changed, and every device was signed out.',
    '',
    `If this was not you, reset your password at once from ${appOrigin} ('Forgot?' in the login dialog) and contact support.`,
  ].join('\n');
  const html = page(`    <p>Hi ${escapeHtml(username)},</p>
    <p>The password of your Rewards Hub account was just changed, and every device was signed out.</p>
    <p>If this was not you, reset your password at once from <a href="${escapeHtml(appOrigin)}">${escapeHtml(appOrigin)}</a> ('Forgot?' in the login dialog) and contact support.</p>`);
  return { to, subject: 'Your Rewards Hub password was changed', text, html };
}
