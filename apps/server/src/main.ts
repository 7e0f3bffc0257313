import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { publicOriginProblem } from './modules/chat/kick/kick-setup.ts';

const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The generated logins are printed last, after the server listens, so that the first lines of the
  // request log do not scroll them away (they are also kept in DATA_DIR, see seed-accounts.ts).
  const logins: string[] = [];
  const app = await buildApp(config, { print: (text) => logins.push(text) });
  let closing = false;
  // Graceful stop: app.close() stops accepting connections at once, lets the requests in flight
  // finish (the database closes only after them), then exits. Requests that still arrive on an
  // open keep-alive connection are served and answered with Connection: close (app.ts turns off
  // Fastify's 503 while closing), so a stop under load gives no 5xx. A stop that takes longer than
  // SHUTDOWN_GRACE_MS (a hung client) ends the process anyway.
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // A request that began before the stop is answered keep-alive; its connection then goes idle and
    // would hold app.close() until the keep-alive timeout (72 s) if the client sends nothing more on
    // it. Node closes idle connections once, when the server stops listening: this keeps doing so for
    // the connections that go idle during the drain.
    setInterval(() => app.server.closeIdleConnections(), 200).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`\n  Rewards Hub is running on http://${shown}:${port}  (database: ${app.dbKind})\n`);
  for (const text of logins) console.log(text);
  // A Kick or Twitch app set up against an address it cannot post to: the channel connects, but no event ever arrives.
  for (const [platform, isSetUp] of [
    ['Kick', Boolean(config.kick.clientId)],
    ['Twitch', Boolean(config.twitch.clientId)],
  ] as const) {
    const originProblem = isSetUp ? publicOriginProblem(config.appOrigin, platform) : null;
    if (originProblem) app.log.warn(originProblem);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Start failed: ${error.message}` : error);
  process.exit(1);
});
