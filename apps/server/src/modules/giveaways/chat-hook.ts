import { isBotFeatureOn } from '../chat/index.ts';
import type { ChatHook } from '../chat/index.ts';
import { isSubscriber } from '../chat/index.ts';
import { enterFromChat, keywordMatches } from './enter-giveaway.ts';
import { takingEntries } from './giveaway-reads.ts';

/**
 * Chat giveaways' keyword (the 'giveaway' switch). `wants` asks for the messages whose first word is
 * the open giveaway's keyword, only while one is open and the switch is on; `run` records the entry
 * (once per Kick account: the entries' primary key) and stops the message there. A test giveaway
 * (started from the Test chat) is entered only from the test chat.
 */
export const giveawayHook: ChatHook = {
  name: 'giveaway',
  // After moderation (a deleted message enters nothing), before Deal or No Deal.
  order: 20,
  async wants(tx, now) {
    // Not closed yet: a keyword received before the closing time still enters while the close waits for it.
    const giveaway = await takingEntries(tx, now);
    if (!giveaway || !(await isBotFeatureOn(tx, 'giveaway'))) return null;
    return (message) => keywordMatches(giveaway.keyword, message.content);
  },
  async run({ tx, message, sender, receivedAt, note }) {
    if (!(await isBotFeatureOn(tx, 'giveaway'))) return 'continue';
    // A test giveaway takes only the test chat's viewers, and they enter nothing else.
    const giveaway = await takingEntries(tx, receivedAt);
    if (!giveaway || giveaway.isTest !== (sender.platform === 'test')) return 'continue';
    const entered = await enterFromChat(tx, {
      kickUserId: sender.platformUserId,
      username: sender.username,
      isSubscriber: isSubscriber(sender),
      content: message.content,
      at: receivedAt,
    });
    if (entered) note?.({ kind: 'entered giveaway', detail: `${sender.username} entered giveaway #${giveaway.giveawayNumber} (${giveaway.prize}).` });
    return entered ? 'stop' : 'continue';
  },
};
