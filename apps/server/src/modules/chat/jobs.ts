import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { purgeWebhookMessages } from './kick/kick-webhook.ts';
import { accessToken, connectionRow, reconcileSubscriptions } from './connection.ts';
import { creditLastBlock, purgeExpiredHoldings } from './crediting.ts';
import { processStreamEvents, purgeStreamEvents } from './events.ts';
import { postDueTimers } from './timers.ts';
import type { ChatModerationAction } from './types.ts';
import { reconcileTwitchSubscriptions, twitchAccessToken, twitchConnectionRow } from './twitch/twitch-connection.ts';
import { processTwitchEvents, purgeTwitchEvents } from './twitch/twitch-eventsub.ts';

/**
 * The stream's jobs: events (every 2 s, so chat commands answer quickly), presence blocks, token
 * refresh and the hourly subscription check, and the purges. They read the chat plugin's app.chat
 * (the hooks and commands as registered while the app was built) and app.stream.
 */
export function streamJobs(app: FastifyInstance): Job[] {
  const { appOrigin } = app.config;
  const ctx = app.stream;
  const client = ctx.client;

  /** The chat hooks' moderation calls to Kick, after their events committed; a failure is logged (the message stays, as a human moderator's miss would). */
  async function runKickActions(actions: ChatModerationAction[]): Promise<void> {
    const connection = await connectionRow(app.db);
    if (!client || !connection) return;
    let token: string;
    try {
      ({ token } = await accessToken(app.db, ctx, app.clock.now()));
    } catch (error) {
      // A failed refresh is marked (reconnect) and audited there; the events stay processed.
      app.log.warn({ err: error, actions: actions.length }, 'stream: no Kick token for the moderation calls');
      return;
    }
    for (const action of actions) {
      try {
        if (action.kind === 'delete-message') await client.deleteMessage(token, action.messageId);
        else await client.ban(token, connection.broadcasterUserId, action.platformUserId, action.minutes, action.reason);
      } catch (error) {
        app.log.warn({ err: error, action: action.kind }, 'stream: a moderation call to Kick failed');
      }
    }
  }

  return [
    {
      name: 'stream.events',
      intervalMs: 2000,
      async run(now) {
        const { processed, replies, actions } = await processStreamEvents(app.db, app.chat, appOrigin, now, (error, messageId) =>
          app.log.error({ err: error, messageId }, 'stream: an event failed; it is retried on the next run'),
        );
        for (const reply of replies) ctx.bot.say(reply);
        if (actions.length > 0) await runKickActions(actions);
        return { streamEvents: processed };
      },
    },
    {
      name: 'stream.twitch-events',
      intervalMs: 2000,
      async run(now) {
        const { processed, replies } = await processTwitchEvents(app.db, app.chat, appOrigin, now);
        for (const reply of replies) ctx.twitch.bot.say(reply);
        return { twitchEvents: processed };
      },
    },
    {
      name: 'stream.blocks',
      intervalMs: 30_000,
      async run(now) {
        // Twitch's chatters list, read once per block while the channel is live (a failure: chat presence only).
        const twitchChatters = async () => {
          const twitch = await twitchConnectionRow(app.db);
          if (!ctx.twitch.client || !twitch || twitch.needsReconnect) return null;
          try {
            const { token } = await twitchAccessToken(app.db, ctx.twitch, now);
            return await ctx.twitch.client.chatters(token, twitch.broadcasterUserId);
          } catch (error) {
            app.log.warn({ err: error }, 'stream: the Twitch chatters list could not be read; chat presence only');
            return null;
          }
        };
        const { credited, held } = await creditLastBlock(app.db, now, twitchChatters);
        return { streamCredited: credited, streamHeld: held };
      },
    },
    {
      name: 'stream.tokens',
      intervalMs: 60_000,
      async run(now) {
        const connection = await connectionRow(app.db);
        if (!client || !connection || connection.needsReconnect) return;
        // Refreshes when the token expires within its margin; a failure is marked and audited there.
        await accessToken(app.db, ctx, now);
      },
    },
    {
      name: 'stream.twitch-tokens',
      intervalMs: 60_000,
      async run(now) {
        const twitch = await twitchConnectionRow(app.db);
        if (!ctx.twitch.client || !twitch || twitch.needsReconnect) return;
        await twitchAccessToken(app.db, ctx.twitch, now);
      },
    },
    {
      name: 'stream.subscriptions',
      intervalMs: 60 * 60_000,
      async run(now) {
        return {
          streamResubscribed: await reconcileSubscriptions(app.db, ctx, now),
          twitchResubscribed: await reconcileTwitchSubscriptions(app.db, ctx.twitch),
        };
      },
    },
    {
      name: 'stream.purge',
      intervalMs: 60 * 60_000,
      async run(now) {
        return {
          streamEventsPurged: await purgeStreamEvents(app.db, now),
          streamHoldingsPurged: await purgeExpiredHoldings(app.db, now),
          webhookIdsPurged: await purgeWebhookMessages(app.db, now),
          twitchEventsPurged: await purgeTwitchEvents(app.db, now),
        };
      },
    },
    {
      // The timers' posts go through the bot's paced queue with its other messages (announce: only with a connected channel and the commands switch on).
      name: 'stream.timers',
      intervalMs: 30_000,
      async run(now) {
        return { timersPosted: await postDueTimers(app.db, now, (message) => void ctx.announce(message, 'commands')) };
      },
    },
  ];
}
