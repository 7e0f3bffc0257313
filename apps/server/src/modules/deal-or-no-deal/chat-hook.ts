import { AppError } from '../../lib/app-error.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import { restrictionCheck } from '../../platform/restrictions.ts';
import { isBotFeatureOn } from '../chat/index.ts';
import type { ChatHook } from '../chat/index.ts';
import { viewerAccountOf } from '../chat/index.ts';
import { joinRound, openRoundRow } from './join-round.ts';

const DEAL_OR_NO_DEAL_COMMAND = /^\s*!dond(\s|$)/i;

/**
 * Deal or No Deal's `!dond` (the 'dealornodeal' switch): a linked, verified viewer joins the open
 * round once (the entry's key is the round and the member, shared with the web join). Switched off,
 * or with no round open, `!dond` is ignored.
 */
export const dealOrNoDealHook: ChatHook = {
  name: 'dealornodeal',
  // After moderation and the giveaways' keyword.
  order: 30,
  wants: async (tx) => {
    if (!(await isBotFeatureOn(tx, 'dealornodeal')) || !(await openRoundRow(tx))) return null;
    return (message) => DEAL_OR_NO_DEAL_COMMAND.test(message.content);
  },
  run: async (call) => {
    if (!DEAL_OR_NO_DEAL_COMMAND.test(call.message.content)) return 'continue';
    if (!(await isBotFeatureOn(call.tx, 'dealornodeal'))) return 'continue';
    const round = await openRoundRow(call.tx);
    if (!round) return 'stop';
    const reply = (content: string) => call.replies.push({ content, replyTo: call.message.id });
    const linked = await viewerAccountOf(call.tx, call.sender.platform, call.sender.platformUserId);
    if (!linked) {
      reply(`@${call.sender.username} link your Kick account at ${call.site}/profile to join Deal or No Deal.`);
      return 'stop';
    }
    if (!linked.emailVerified || linked.bannedAt) return 'stop';
    // Admins run the game: their `!dond` is ignored, without a word (platform/own-account.ts).
    if (!(await mayTakePart(call.tx, linked.id, call.at))) return 'stop';
    try {
      await restrictionCheck('dealornodeal', linked.id, call.at).assert(call.tx);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RESTRICTED') {
        reply(`@${call.sender.username} ${error.message}`);
        return 'stop';
      }
      throw error;
    }
    const { inserted } = await joinRound(call.tx, { roundId: round.id, userId: linked.id, source: 'chat', at: call.at, restriction: null });
    if (inserted) reply(`@${call.sender.username} you're in Deal or No Deal #${round.roundNumber}!`);
    return 'stop';
  },
};
