import type { ChatHook } from '../stream/chat-hooks.ts';

/** Deal or No Deal's `!dond` (the 'dealornodeal' switch). Not built yet. */
export const dealOrNoDealHook: ChatHook = {
  name: 'dealornodeal',
  wants: async () => null,
  run: async () => 'continue',
};
