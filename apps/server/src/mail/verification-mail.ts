import type { MailMessage } from './mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The link a verification mail carries. */
export function verificationLink(appOrigin: string, token: string): string {
  return `${appOrigin}/verify-email?token=${encodeURIComponent(token)}`;
}

/** The verification mail: a plain-text part and an HTML part with the same link. */
export function verificationMail(to: string, username: string, link: string): MailMessage {
  const text = [
    `Hi ${username},`,
    '',
    'Please confirm your email address for Rewards Hub by opening this link:',
    '',
    link,
    '',
    'The link works once and expires in 24 hours. If you did not sign up, you can ignore this mail.',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111;">
    <p>Hi ${escapeHtml(username)},</p>
    <p>Please confirm your email address for Rewards Hub.</p>
    <p><a href="${safeLink}" style="display: inline-block; padding: 10px 18px; background: #7c3aed; color: #fff; border-radius: 6px; text-decoration: none;">Verify email</a></p>
    <p>Or open this link: <a href="${safeLink}">${safeLink}</a></p>
    <p style="color: #555; font-size: 13px;">The link works once and expires in 24 hours. If you did not sign up, you can ignore this mail.</p>
  </body>
</html>`;
  return { to, subject: 'Verify your email for Rewards Hub', text, html };
}
