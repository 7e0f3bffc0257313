import type { ChatHook } from '../stream/chat-hooks.ts';

/** Chat giveaways' keyword (the 'giveaway' switch). Not built yet. */
export const giveawayHook: ChatHook = {
  name: 'giveaway',
  wants: async () => null,
  run: async () => 'continue',
};
