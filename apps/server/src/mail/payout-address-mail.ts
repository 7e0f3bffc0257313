import type { MailMessage } from './mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type PayoutAddressChange = { label: string; address: string };

/**
 * The owner's notice after a saved payout address was changed or removed: which, to what, and what
 * to do if it was not them (a changed address is where prizes go, so a stranger's change must not pass silently).
 */
export function payoutAddressChangedMail(to: string, username: string, changes: PayoutAddressChange[], appOrigin: string): MailMessage {
  const lines = changes.map((c) => `${c.label}: ${c.address === '' ? 'removed' : c.address}`);
  const text = [
    `Hi ${username},`,
    '',
    'A payout address of your Rewards Hub account was just changed:',
    '',
    ...lines.map((l) => `  ${l}`),
    '',
    `If this was not you, reset your password at once from ${appOrigin} ('Forgot?' in the login dialog), put your address back in Settings, and contact support.`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111;">
    <p>Hi ${escapeHtml(username)},</p>
    <p>A payout address of your Rewards Hub account was just changed:</p>
    <ul>${lines.map((l) => `<li><code>${escapeHtml(l)}</code></li>`).join('')}</ul>
    <p>If this was not you, reset your password at once from <a href="${escapeHtml(appOrigin)}">${escapeHtml(appOrigin)}</a> ('Forgot?' in the login dialog), put your address back in Settings, and contact support.</p>
  </body>
</html>`;
  return { to, subject: 'A payout address of your Rewards Hub account was changed', text, html };
}
