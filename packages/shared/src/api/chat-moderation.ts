import { z } from 'zod';
import { isUsableTerm, normalizeDomain } from '../domain/chat-moderation.ts';

/** Chat moderation (the bot feature 'moderation'): GET/PUT /api/admin/stream/moderation. */

/** Kick's longest timeout (minutes); a longer one is a permanent ban. */
export const KICK_MAX_TIMEOUT_MINUTES = 10_080;

/** No control characters and no broken UTF-16 (PostgreSQL's jsonb refuses \u0000 and lone surrogates: a 500 otherwise). */
function isPlainText(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || c === 0x7f || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

const BlockedTermSchema = z
  .string()
  .trim()
  .min(1, 'Write a word or phrase')
  .max(100, 'At most 100 characters')
  .refine(isPlainText, 'Use plain text')
  .refine(isUsableTerm, 'A blocked word needs a letter or digit');

const AllowedDomainSchema = z
  .string()
  .max(300, 'At most 300 characters')
  .transform(normalizeDomain)
  .pipe(
    z
      .string()
      .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, 'Write a domain, e.g. youtube.com')
      .max(253),
  );

export const ChatModerationSettingsSchema = z.strictObject({
  /** Whole words and phrases, case-insensitive, with leetspeak folding (domain/chat-moderation.ts). */
  blockedTerms: z.array(BlockedTermSchema).max(500, 'At most 500 words and phrases'),
  /** Delete messages with links, except to the allowed domains (and their subdomains). */
  blockLinks: z.boolean(),
  allowedDomains: z.array(AllowedDomainSchema).max(200, 'At most 200 domains'),
  /** The timeouts of the 2nd, 3rd, 4th… offence within the window (the last repeats); the 1st is only deleted. */
  timeoutMinutes: z
    .array(z.number().int('Use whole minutes').min(1, 'At least 1 minute').max(KICK_MAX_TIMEOUT_MINUTES, 'At most 10,080 minutes (7 days)'))
    .min(1, 'At least one timeout')
    .max(5, 'At most 5 steps'),
  /** Offences count within this many minutes (a sliding window). */
  windowMinutes: z.number().int('Use whole minutes').min(1, 'At least 1 minute').max(1440, 'At most 1,440 minutes (a day)'),
});
export type ChatModerationSettings = z.infer<typeof ChatModerationSettingsSchema>;

/** The saved settings as answered (already normalized: no transforms, so the answer can be serialized). */
const ChatModerationSettingsValueSchema = z.object({
  blockedTerms: z.array(z.string()),
  blockLinks: z.boolean(),
  allowedDomains: z.array(z.string()),
  timeoutMinutes: z.array(z.number().int()),
  windowMinutes: z.number().int(),
});

export const DEFAULT_CHAT_MODERATION: ChatModerationSettings = {
  blockedTerms: [],
  blockLinks: false,
  allowedDomains: ['kick.com'],
  timeoutMinutes: [1, 10, 60],
  windowMinutes: 10,
};

export const CHAT_MODERATION_ACT_KINDS = ['delete', 'timeout', 'chat_ban'] as const;

/** One automatic act of the bot, from the audit log. */
const ChatModerationActSchema = z.object({
  id: z.string(),
  kind: z.enum(CHAT_MODERATION_ACT_KINDS),
  time: z.iso.datetime({ offset: true }),
  kickUserId: z.string(),
  kickUsername: z.string(),
  /** The message's text (up to 500 characters). */
  message: z.string(),
  /** Why: 'Blocked word "x"', 'Link to x', 'Site Chat ban'. */
  reason: z.string(),
  /** The timeout's length; null for a deletion or a permanent ban. */
  minutes: z.number().int().nullable(),
});
export type ChatModerationAct = z.infer<typeof ChatModerationActSchema>;

/** GET and PUT: the settings, whether the switch is on (set on the Overview's Bot Status), the recent acts. */
export const ChatModerationStateSchema = z.object({
  settings: ChatModerationSettingsValueSchema,
  enabled: z.boolean(),
  recent: z.array(ChatModerationActSchema),
});
export type ChatModerationState = z.infer<typeof ChatModerationStateSchema>;
