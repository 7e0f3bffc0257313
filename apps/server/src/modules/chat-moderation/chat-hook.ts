import type { ChatHook } from '../stream/chat-hooks.ts';

/** Chat moderation (the 'moderation' switch). Not built yet: it lets every message through. */
export const moderationHook: ChatHook = {
  name: 'moderation',
  wants: async () => null,
  run: async () => 'continue',
};
