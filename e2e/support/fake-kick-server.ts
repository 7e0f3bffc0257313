// The fake Kick of the server tests (apps/server/src/test/fake-kick.ts) as its own process for the
// e2e run (playwright.config.ts starts it with the app): OAuth, API, the bot's chat log and signed
// webhook deliveries on E2E_KICK_PORT. Imported by URL: that file belongs to the server's project.
type FakeKickModule = {
  startFakeKick: (options: { port?: number; privateKeyPem?: string }) => Promise<{ url: string; close: () => Promise<void> }>;
};

const { startFakeKick } = (await import(new URL('../../apps/server/src/test/fake-kick.ts', import.meta.url).href)) as FakeKickModule;
const fake = await startFakeKick({ port: Number(process.env.E2E_KICK_PORT), privateKeyPem: process.env.E2E_KICK_PRIVATE_KEY });
process.stdout.write(`fake Kick on ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
