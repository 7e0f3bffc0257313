import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com): the secret is `whsec_` + base64 of 32 random bytes; the
 * signature is `v1,` + base64 HMAC-SHA256, keyed with the decoded bytes after `whsec_`, over
 * `{webhook-id}.{webhook-timestamp}.{body}`.
 */

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`;
}
