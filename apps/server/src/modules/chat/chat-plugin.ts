import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isBotFeatureOn } from './bot-features.ts';
import { purgeWebhookMessages } from './kick/kick-webhook.ts';
import { secretBox, secretsKeyOf } from '../../platform/secret-box.ts';
import { createBotChat } from './bot-chat.ts';
import { accessToken, connectionRow, reconcileSubscriptions } from './connection.ts';
import { creditLastBlock, purgeExpiredHoldings, releaseHeldCreditsOnVerification } from './crediting.ts';
import { onEmailVerified } from '../../platform/email-verified.ts';
import { processStreamEvents, purgeStreamEvents } from './events.ts';
import { kickClient } from './kick/kick-client.ts';
import { CHAT_COMMANDS } from './commands.ts';
import { createChatRegistry } from './registry.ts';
import type { ChatModerationAction } from './types.ts';
import type { StreamContext } from './stream-context.ts';

export type ChatPluginOptions = { chatIntervalMs?: number };

/**
 * The chat module's plugin: the registry features plug into (app.chat: hooks and commands, closed
 * once the app is ready), the stream's shared context (app.stream: Kick's client, the secret box, the
 * bot's chat queue) and its jobs: events (every 2 s, so chat commands answer quickly), presence
 * blocks, token refresh and the hourly subscription check, and the purges.
 */
async function chatPlugin(app: FastifyInstance, opts: ChatPluginOptions): Promise<void> {
  // The stream points a Kick account held for an unverified owner are paid when the e-mail is verified.
  onEmailVerified(releaseHeldCreditsOnVerification);
  const { kick, appOrigin } = app.config;
  const client =
    kick.clientId && kick.clientSecret
      ? kickClient({ apiUrl: kick.apiUrl, authUrl: kick.authUrl, clientId: kick.clientId, clientSecret: kick.clientSecret })
      : null;
  const pending = new Set<Promise<void>>();
  const ctx: StreamContext = {
    client,
    box: secretBox(secretsKeyOf(app.config)),
    appOrigin,
    redirectUri: `${appOrigin}/api/integrations/kick/callback`,
    bot: createBotChat({
      async send(reply) {
        if (!client) return;
        const { token } = await accessToken(app.db, ctx, app.clock.now());
        await client.sendChat(token, reply.content, reply.replyTo);
      },
      now: () => app.clock.now().getTime(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
      minIntervalMs: opts.chatIntervalMs ?? 1000,
      onError: (error) => app.log.warn({ err: error }, 'stream: a chat reply failed'),
    }),
    announce(content, feature = 'commands') {
      const done = (async () => {
        if (!client || !(await connectionRow(app.db)) || !(await isBotFeatureOn(app.db, feature))) return;
        ctx.bot.say({ content, replyTo: null });
      })()
        .catch((error: unknown) => app.log.warn({ err: error }, 'stream: an announcement failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
      return done;
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
      await ctx.bot.idle();
    },
  };
  app.decorate('stream', ctx);

  const chat = createChatRegistry();
  for (const command of CHAT_COMMANDS) chat.registerCommand(command);
  app.decorate('chat', chat);
  // The events job reads the hooks and commands as registered while the app was built.
  app.addHook('onReady', async () => chat.seal());

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

  app.scheduler.register({
    name: 'stream.events',
    intervalMs: 2000,
    async run(now) {
      const { processed, replies, actions } = await processStreamEvents(app.db, chat, appOrigin, now, (error, messageId) =>
        app.log.error({ err: error, messageId }, 'stream: an event failed; it is retried on the next run'),
      );
      for (const reply of replies) ctx.bot.say(reply);
      if (actions.length > 0) await runKickActions(actions);
      return { streamEvents: processed };
    },
  });
  app.scheduler.register({
    name: 'stream.blocks',
    intervalMs: 30_000,
    async run(now) {
      const { credited, held } = await creditLastBlock(app.db, now);
      return { streamCredited: credited, streamHeld: held };
    },
  });
  app.scheduler.register({
    name: 'stream.tokens',
    intervalMs: 60_000,
    async run(now) {
      const connection = await connectionRow(app.db);
      if (!client || !connection || connection.needsReconnect) return;
      // Refreshes when the token expires within its margin; a failure is marked and audited there.
      await accessToken(app.db, ctx, now);
    },
  });
  app.scheduler.register({
    name: 'stream.subscriptions',
    intervalMs: 60 * 60_000,
    async run(now) {
      return { streamResubscribed: await reconcileSubscriptions(app.db, ctx, now) };
    },
  });
  app.scheduler.register({
    name: 'stream.purge',
    intervalMs: 60 * 60_000,
    async run(now) {
      return {
        streamEventsPurged: await purgeStreamEvents(app.db, now),
        streamHoldingsPurged: await purgeExpiredHoldings(app.db, now),
        webhookIdsPurged: await purgeWebhookMessages(app.db, now),
      };
    },
  });
}

export default fp(chatPlugin, { name: 'chat', dependencies: ['db', 'scheduler'] });
