import { moderationHook } from '../chat-moderation/chat-hook.ts';
import { dealOrNoDealHook } from '../deal-or-no-deal/chat-hook.ts';
import { giveawayHook } from '../giveaways/chat-hook.ts';
import type { ChatHook } from './chat-hooks.ts';

/** In order: moderation first (a deleted message enters nothing). */
export const CHAT_HOOKS: readonly ChatHook[] = [moderationHook, giveawayHook, dealOrNoDealHook];
