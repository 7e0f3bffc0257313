// One presence block's crediting for VIEWERS present linked viewers (scripts/bench-stream.mjs runs
// this with tsx). Usage: tsx scripts/bench-stream-block.ts postgres <url> | pglite <dataDir>.
// Seeds the users, their Kick links and their chat presence with SQL, marks the channel live, then
// times creditLastBlock (apps/server/src/modules/chat/crediting.ts) for the block that just ended.
// Prints one JSON line: { viewers, credited, ms }.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { creditLastBlock } from '../apps/server/src/modules/chat/crediting.ts';

const [kind, where] = process.argv.slice(2);
const VIEWERS = Number(process.env.BENCH_STREAM_VIEWERS ?? 20_000);
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
const result = await creditLastBlock(db, now);
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ viewers: VIEWERS, credited: result.credited, ms: Math.round(ms) })}\n`);
await handle.close();
