import { z } from 'zod';

/** The fields a member's win claim shares (King of the Hill, Challenges): a USD amount and a link. */

/** A positive USD amount with at most two decimals; `label` names it in the messages. */
export const moneyField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be above zero`)
    .max(100_000_000, `${label} is too large`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} has at most two decimals`);

/** An http(s) link of at most 500 characters; `label` names it in the messages. */
export const httpLinkField = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} is at most 500 characters`)
    .refine((s) => /^https?:\/\/[^\s]+$/i.test(s), `${label} must be an http(s) link`);
