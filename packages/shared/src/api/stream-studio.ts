import { z } from 'zod';

/** The streamer's studio: the test chat (a viewer the admin plays) and the bot's timers. */

/** The roles a test viewer can have, lowest first. */
export const TEST_CHAT_ROLES = ['viewer', 'subscriber', 'vip', 'moderator'] as const;
export type TestChatRole = (typeof TEST_CHAT_ROLES)[number];

export const TestChatViewerSchema = z.strictObject({
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .regex(/^[A-Za-z0-9_]{1,25}$/, 'A name is 1 to 25 letters, digits or _'),
  role: z.enum(TEST_CHAT_ROLES, { error: 'The role is viewer, subscriber, VIP or moderator' }),
  /** A member (not an admin) the test viewer stands for, as if linked: commands read their points and rank. */
  memberId: z.uuid('Pick a member').optional(),
});
export type TestChatViewer = z.infer<typeof TestChatViewerSchema>;

/** POST /api/admin/stream/test-chat. */
export const TestChatInputSchema = z.strictObject({
  viewer: TestChatViewerSchema,
  text: z.string({ error: 'Write a message' }).trim().min(1, 'Write a message').max(500, 'At most 500 characters'),
});
export type TestChatInput = z.infer<typeof TestChatInputSchema>;

/** What the chat's handlers did with a test message besides replying: 'deleted', 'timed out', 'entered giveaway', ... */
export const TestChatActionSchema = z.object({ kind: z.string(), detail: z.string() });
export type TestChatAction = z.infer<typeof TestChatActionSchema>;

export const TestChatResultSchema = z.object({
  replies: z.array(z.object({ text: z.string() })),
  actions: z.array(TestChatActionSchema),
});
export type TestChatResult = z.infer<typeof TestChatResultSchema>;

/** A line of the test chat's console: the test viewer's message, the bot's reply or an action. */
export const TestChatLineSchema = z.object({
  id: z.string(),
  kind: z.enum(['viewer', 'bot', 'action']),
  /** The test viewer's name (for 'viewer' and 'action'), null for the bot. */
  name: z.string().nullable(),
  role: z.enum(TEST_CHAT_ROLES).nullable(),
  text: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export type TestChatLine = z.infer<typeof TestChatLineSchema>;

/** GET /api/admin/stream/test-chat: the last 100 lines, oldest first. */
export const TestChatLogSchema = z.object({ lines: z.array(TestChatLineSchema) });

/** The bot's timers: a message posted every N minutes while live, once M chat lines came since the last post. */
export const StreamTimerInputSchema = z.strictObject({
  name: z.string({ error: 'Enter a name' }).trim().min(1, 'Enter a name').max(60, 'At most 60 characters'),
  message: z.string({ error: 'Write the message' }).trim().min(1, 'Write the message').max(400, 'At most 400 characters'),
  intervalMinutes: z.number({ error: 'Enter the minutes' }).int('Whole minutes').min(5, 'At least 5 minutes').max(120, 'At most 120 minutes'),
  minChatLines: z.number({ error: 'Enter the chat lines' }).int('A whole number').min(0, 'At least 0').max(100, 'At most 100'),
  enabled: z.boolean(),
});
export type StreamTimerInput = z.infer<typeof StreamTimerInputSchema>;

export const StreamTimerSchema = z.object({
  id: z.string(),
  name: z.string(),
  message: z.string(),
  intervalMinutes: z.number().int(),
  minChatLines: z.number().int(),
  enabled: z.boolean(),
  lastPostedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type StreamTimer = z.infer<typeof StreamTimerSchema>;
export const StreamTimerListSchema = z.object({ timers: z.array(StreamTimerSchema) });
export const StreamTimerResultSchema = z.object({ timer: StreamTimerSchema });
export const StreamTimerParamsSchema = z.object({ id: z.uuid() });
