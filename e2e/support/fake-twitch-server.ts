// The fake Twitch of the server tests (apps/server/src/test/fake-twitch.ts) as its own process for the
// e2e run (playwright.config.ts starts it with the app): OAuth, Helix, EventSub subscriptions whose
// challenge goes to the app's callback, and signed notifications (POST /_fake/notify) on
// E2E_TWITCH_PORT. Imported by URL: that file belongs to the server's project.
type FakeTwitchModule = {
  startFakeTwitch: (options: { port?: number }) => Promise<{ url: string; close: () => Promise<void> }>;
};

const { startFakeTwitch } = (await import(new URL('../../apps/server/src/test/fake-twitch.ts', import.meta.url).href)) as FakeTwitchModule;
const fake = await startFakeTwitch({ port: Number(process.env.E2E_TWITCH_PORT) });
process.stdout.write(`fake Twitch on ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
