import type { MailMessage } from './mailer.ts';
import { escapeHtml, page } from './password-mail.ts';

/**
 * Sent to the owner of an address when someone registers with it: registration answers the same
 * for a taken address as for a new one (so it does not tell who has an account), and the owner
 * hears of it here instead.
 */
export function registrationAttemptMail(to: string, username: string, appOrigin: string): MailMessage {
  const text = [
    `Hi ${username},`,
    '',
    'Someone tried to register a new Rewards Hub account with your e-mail address. Your account already uses it, so nothing was created and nothing changed.',
    '',
    `If this was you, sign in at ${appOrigin} instead; if you forgot your password, use 'Forgot?' in the login dialog. If it was not you, you can ignore this mail.`,
  ].join('\n');
  const origin = escapeHtml(appOrigin);
  const html = page(`    <p>Hi ${escapeHtml(username)},</p>
    <p>Someone tried to register a new Rewards Hub account with your e-mail address. Your account already uses it, so nothing was created and nothing changed.</p>
    <p>If this was you, sign in at <a href="${origin}">${origin}</a> instead; if you forgot your password, use 'Forgot?' in the login dialog. If it was not you, you can ignore this mail.</p>`);
  return { to, subject: 'Someone tried to register with your address', text, html };
}
