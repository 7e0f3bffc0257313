// One presence block's crediting for VIEWERS present linked viewers (scripts/bench-stream.mjs runs
// this with tsx). Usage: tsx scripts/bench-stream-block.ts postgres <url> | pglite <dataDir>.
// Seeds the users, their Kick links and their chat presence with SQL, marks the channel live, then
// times creditLastBlock (apps/server/src/modules/chat/crediting.ts) for the block that just ended.
// Prints one JSON line: { viewers, credited, ms }.
import { sql } from 'drizzle-orm';
import pg from 'pg';

const [kind, where] = process.argv.slice(2);

// BENCH_BLOCK_PROFILE=1 (PostgreSQL): each statement's time during the crediting, summed by its
// text, printed to stderr slowest first: where a slow block goes, without touching the server code.
const profile = new Map<string, { n: number; ms: number }>();
let profiling = false;
if (process.env.BENCH_BLOCK_PROFILE) {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const result = original.apply(this, args);
    const first = args[0] as string | { text?: string; name?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? first?.name ?? '?')).replace(/\s+/g, ' ').slice(0, 110);
    if (!profiling || !(result instanceof Promise)) return result;
    const started = performance.now();
    return result.finally(() => {
      const entry = profile.get(text) ?? { n: 0, ms: 0 };
      entry.n += 1;
      entry.ms += performance.now() - started;
      profile.set(text, entry);
    });
  } as typeof pg.Client.prototype.query;
}
const VIEWERS = Number(process.env.BENCH_STREAM_VIEWERS ?? 20_000);
// Loaded after the profile's hook: the database client wraps pg's query when it loads.
const { openDatabase } = await import('../apps/server/src/db/client.ts');
const { creditLastBlock } = await import('../apps/server/src/modules/chat/crediting.ts');
const handle = await openDatabase(kind === 'postgres' ? { kind: 'postgres', url: where!, poolSize: 4 } : { kind: 'pglite', dataDir: where });
const { db } = handle;
const blockMs = 5 * 60_000;
const end = new Date(Math.floor(Date.now() / blockMs) * blockMs);
const now = new Date(end.getTime() + 1000);
await db.execute(sql`insert into users (uid, email, username, password_hash, email_verified)
  select 'RH-S' || lpad(i::text, 7, '0'), 'sv' || i || '@bench.invalid', 'sv_' || i, '!', true from generate_series(1, ${VIEWERS}) as i`);
await db.execute(sql`insert into social_accounts (user_id, platform, external_id, username)
  select id, 'kick', 'k' || substr(username, 4), 'kick_' || substr(username, 4) from users where email like '%@bench.invalid'`);
await db.execute(sql`insert into stream_chatters (kick_user_id, username, last_chat_at, is_subscriber)
  select 'k' || i, 'kick_' || i, ${new Date(end.getTime() - 60_000).toISOString()}::timestamptz, i % 10 = 0 from generate_series(1, ${VIEWERS}) as i`);
await db.execute(sql`insert into stream_connection (id, broadcaster_user_id, channel_slug, scopes, access_token, refresh_token, token_expires_at, is_live, live_since, connected_at)
  values (1, '1', 'bench', '', 'x', 'x', ${new Date(now.getTime() + 3600_000).toISOString()}::timestamptz, true, ${new Date(end.getTime() - 3600_000).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
const started = performance.now();
profiling = true;
const result = await creditLastBlock(db, now);
profiling = false;
const ms = performance.now() - started;
if (profile.size > 0) {
  const rows = [...profile].sort((a, b) => b[1].ms - a[1].ms);
  for (const [text, { n, ms: total }] of rows.slice(0, 15)) process.stderr.write(`${total.toFixed(0).padStart(7)} ms ${String(n).padStart(4)}x  ${text}\n`);
}
process.stdout.write(`${JSON.stringify({ viewers: VIEWERS, credited: result.credited, ms: Math.round(ms) })}\n`);
await handle.close();
