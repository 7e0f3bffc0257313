import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isBotFeatureOn } from './bot-features.ts';
import { secretBox, secretsKeyOf } from '../../platform/secret-box.ts';
import { createBotChat } from './bot-chat.ts';
import { accessToken, connectionRow } from './connection.ts';
import { releaseHeldCreditsOnVerification } from './crediting.ts';
import { onEmailVerified } from '../../platform/email-verified.ts';
import { kickClient } from './kick/kick-client.ts';
import { twitchClient } from './twitch/twitch-client.ts';
import { TWITCH_CALLBACK_PATH, TWITCH_EVENTSUB_PATH, twitchAccessToken } from './twitch/twitch-connection.ts';
import { CHAT_COMMANDS } from './commands.ts';
import { createChatRegistry } from './registry.ts';
import { studioRoutes } from './studio-routes.ts';
import type { StreamContext } from './stream-context.ts';

export type ChatPluginOptions = { chatIntervalMs?: number };

/**
 * The chat module's plugin: the registry features plug into (app.chat: hooks and commands, closed
 * once the app is ready) and the stream's shared context (app.stream: Kick's client, the secret box,
 * the bot's chat queue). Its jobs are in jobs.ts.
 */
async function chatPlugin(app: FastifyInstance, opts: ChatPluginOptions): Promise<void> {
  // The stream points a Kick account held for an unverified owner are paid when the e-mail is verified.
  onEmailVerified(releaseHeldCreditsOnVerification);
  const { kick, twitch, appOrigin } = app.config;
  const client =
    kick.clientId && kick.clientSecret
      ? kickClient({ apiUrl: kick.apiUrl, authUrl: kick.authUrl, clientId: kick.clientId, clientSecret: kick.clientSecret })
      : null;
  const pending = new Set<Promise<void>>();
  const box = secretBox(secretsKeyOf(app.config));
  const ctx: StreamContext = {
    client,
    box,
    twitch: {
      client:
        twitch.clientId && twitch.clientSecret
          ? twitchClient({ apiUrl: twitch.apiUrl, authUrl: twitch.authUrl, clientId: twitch.clientId, clientSecret: twitch.clientSecret })
          : null,
      box,
      bot: createBotChat({
        async send(reply) {
          if (!ctx.twitch.client) return;
          const { token, connection } = await twitchAccessToken(app.db, ctx.twitch, app.clock.now());
          await ctx.twitch.client.sendChat(token, connection.broadcasterUserId, reply.content, reply.replyTo);
        },
        now: () => app.clock.now().getTime(),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
        minIntervalMs: opts.chatIntervalMs ?? 1000,
        onError: (error) => app.log.warn({ err: error }, 'stream: a Twitch chat reply failed'),
      }),
      eventsubSecret: twitch.eventsubSecret ?? null,
      redirectUri: `${appOrigin}${TWITCH_CALLBACK_PATH}`,
      callbackUrl: `${appOrigin}${TWITCH_EVENTSUB_PATH}`,
    },
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
      await ctx.twitch.bot.idle();
    },
  };
  app.decorate('stream', ctx);

  const chat = createChatRegistry();
  for (const command of CHAT_COMMANDS) chat.registerCommand(command);
  app.decorate('chat', chat);
  // The studio's admin calls (Test chat, Timers): encapsulated, so their admin guard stays theirs.
  await app.register(studioRoutes);
  // The events job reads the hooks and commands as registered while the app was built.
  app.addHook('onReady', async () => chat.seal());
}

export default fp(chatPlugin, { name: 'chat', dependencies: ['db'] });
