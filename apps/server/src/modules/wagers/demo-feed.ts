import type { WagerCategory } from '@app/shared/api/wagers';
import { mulberry32 } from '@app/shared/domain/mulberry32';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { casinoAccounts, users, wagers } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { claimSetting, defineSetting } from '../../platform/settings.ts';
import { insertUser } from '../users/index.ts';
import { storeWagers, type WagerInput } from './wagers-service.ts';

/**
 * The demo feed: on a demo install (DEMO_FEED, on by default on the embedded PGlite) a
 * built-in source adds plausible Stake wagers every few minutes for a few dozen sample players and
 * for the demo user's verified Stake account, through the same storage and crediting as an
 * import, so races, points and ranks move. Runs once per period across servers (a conditional
 * update of app_settings 'demo_feed'), deterministic for a given period (seeded by it).
 */

export const DEMO_FEED_INTERVAL_MS = 3 * 60 * 1000;
const BACKFILL_DAYS = 14;
const DEMO_EMAIL_DOMAIN = 'demo-players.invalid';
/** When the last period was taken (epoch ms; 0 before the first run, which backfills). */
const FeedSetting = defineSetting({ key: 'demo_feed', schema: z.object({ at: z.number() }), defaultValue: { at: 0 } });

/** A sample player the demo feed created (their addresses are on a reserved domain no one can register with a mailbox). */
export function isDemoPlayerEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${DEMO_EMAIL_DOMAIN}`);
}
const DAY_MS = 86_400_000;

export const DEMO_PLAYERS = [
  'LuckyLuna',
  'SpinDoctor',
  'AceOfStakes',
  'RollingThunder',
  'CryptoCarl',
  'JackpotJill',
  'NeonNova',
  'HighRollerHank',
  'SlotSensei',
  'BlackjackBella',
  'RouletteRex',
  'DiceDynamo',
  'MegaMila',
  'WildcardWes',
  'GoldenGus',
  'ChipChaser',
  'RiverQueen',
  'BonusBuyBen',
  'TurboTess',
  'MidnightMax',
  'PixelPaula',
  'VaultViktor',
  'StreakSara',
  'CashCometKai',
  'RubyRush',
  'ThunderToni',
  'SevenSeasSam',
  'VelvetVic',
  'OrbitOlga',
  'FlushFinn',
  'NovaNoor',
  'ZigZagZoe',
  'LotusLeo',
  'BlazeBianca',
  'QuartzQuinn',
  'EchoEli',
] as const;

const CATEGORIES: readonly [WagerCategory, number][] = [
  ['slots', 0.6],
  ['blackjack', 0.12],
  ['roulette', 0.1],
  ['table', 0.1],
  ['other', 0.08],
];

function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

function pickCategory(r: number): WagerCategory {
  let sum = 0;
  for (const [category, weight] of CATEGORIES) {
    sum += weight;
    if (r < sum) return category;
  }
  return 'other';
}

/** Creates the sample players that are missing (verified e-mail, an unusable password, a verified Stake account). */
export async function ensureDemoPlayers(db: Database, now: Date): Promise<number> {
  const emails = DEMO_PLAYERS.map((name) => `${name.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`);
  const existing = new Set((await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((r) => r.email));
  let created = 0;
  for (const [i, name] of DEMO_PLAYERS.entries()) {
    if (existing.has(emails[i]!)) continue;
    try {
      await db.transaction(async (tx) => {
        const user = await insertUser(tx, { email: emails[i]!, username: name, passwordHash: '!demo-player', emailVerified: true, isAdmin: false }, now);
        await tx
          .insert(casinoAccounts)
          .values({ userId: user.id, partner: 'p1', username: name, state: 'verified', decidedAt: now, createdAt: now, updatedAt: now });
      });
      created += 1;
    } catch (error) {
      // A real user already has that username (or Stake username): that sample player is left out.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return created;
}

/**
 * Gives the demo user (the configured or generated one, found by its e-mail) a verified Stake
 * account when it has none, so the feed plays for them too and their dashboard, rank and race
 * position move. Only called while the feed is on. A Stake username someone else verified is left alone.
 */
export async function ensureDemoUserStakeAccount(db: Database, demoEmail: string, now: Date): Promise<boolean> {
  const [demo] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${demoEmail})`);
  if (!demo) return false;
  const [linked] = await db
    .select({ id: casinoAccounts.id })
    .from(casinoAccounts)
    .where(and(eq(casinoAccounts.userId, demo.id), eq(casinoAccounts.partner, 'p1')));
  if (linked) return false;
  try {
    await db
      .insert(casinoAccounts)
      .values({ userId: demo.id, partner: 'p1', username: `${demo.username}_stake`, state: 'verified', decidedAt: now, createdAt: now, updatedAt: now });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The Stake usernames the feed plays for: the sample players and the demo user's verified Stake account. */
async function feedUsernames(db: Database, demoEmail: string | undefined): Promise<{ username: string; weight: number }[]> {
  const rows = await db
    .select({ username: casinoAccounts.username, email: users.email })
    .from(casinoAccounts)
    .innerJoin(users, eq(users.id, casinoAccounts.userId))
    .where(
      and(
        eq(casinoAccounts.partner, 'p1'),
        eq(casinoAccounts.state, 'verified'),
        demoEmail
          ? sql`(${users.email} like ${`%@${DEMO_EMAIL_DOMAIN}`} or lower(${users.email}) = lower(${demoEmail}))`
          : sql`${users.email} like ${`%@${DEMO_EMAIL_DOMAIN}`}`,
      ),
    );
  // A spread of player sizes: a few whales, many small players.
  return rows.map((r) => ({ username: r.username, weight: 1 + (hashOf(r.username) % 12) ** 2 / 8 }));
}

/** One player's cumulative wager increase for a period, or null when they did not play. */
function play(username: string, period: number, weight: number, chance: number): { category: WagerCategory; cents: number } | null {
  // Seeded by the player and the period: the same period gives the same wagers.
  const next = mulberry32(hashOf(`${username}:${period}`));
  if (next() > chance) return null;
  const cents = Math.round((5 + next() ** 3 * 400) * weight * 100);
  return { category: pickCategory(next()), cents };
}

/**
 * One feed run, if this period is not taken yet: the first run backfills two weeks of play, later
 * runs add the play of one period to today's cumulative values. Returns whether it ran.
 */
export async function runDemoFeed(db: Database, now: Date, demoEmail?: string): Promise<{ ran: boolean; rows: number; pointsCredited: number }> {
  // Several servers: the one whose claim still sees the old value takes the period; the others stop.
  const { isClaimed, before } = await claimSetting(db, FeedSetting, now, ({ at }) =>
    now.getTime() - at < DEMO_FEED_INTERVAL_MS ? null : { at: now.getTime() },
  );
  if (!isClaimed) return { ran: false, rows: 0, pointsCredited: 0 };
  const last = before.at;

  const players = await feedUsernames(db, demoEmail);
  const period = Math.floor(now.getTime() / DEMO_FEED_INTERVAL_MS);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const additions = new Map<string, WagerInput>();
  const add = (username: string, day: string, category: WagerCategory, cents: number) => {
    const key = `${username.toLowerCase()}\u0000${day}\u0000${category}`;
    const entry = additions.get(key);
    if (entry) entry.cents += cents;
    else additions.set(key, { partner: 'p1', username, day, category, cents });
  };
  for (const p of players) {
    if (last === 0) {
      for (let d = BACKFILL_DAYS; d >= 1; d -= 1) {
        const day = new Date(today - d * DAY_MS).toISOString().slice(0, 10);
        const played = play(p.username, period * 100 + d, p.weight * 20, 0.7);
        if (played) add(p.username, day, played.category, played.cents);
      }
    }
    const played = play(p.username, period, p.weight, 0.35);
    if (played) add(p.username, new Date(today).toISOString().slice(0, 10), played.category, played.cents);
  }
  const rows = [...additions.values()];
  if (rows.length === 0) return { ran: true, rows: 0, pointsCredited: 0 };
  // Casino values are cumulative per day: add to what is stored.
  const stored = await db
    .select({ usernameKey: wagers.usernameKey, day: wagers.day, category: wagers.category, cents: wagers.cents })
    .from(wagers)
    .where(and(eq(wagers.partner, 'p1'), inArray(wagers.usernameKey, [...new Set(rows.map((r) => r.username.toLowerCase()))])));
  const current = new Map(stored.map((s) => [`${s.usernameKey}\u0000${s.day}\u0000${s.category}`, s.cents]));
  for (const row of rows) row.cents += current.get(`${row.username.toLowerCase()}\u0000${row.day}\u0000${row.category}`) ?? 0;
  const outcome = await db.transaction((tx) => storeWagers(tx, rows, 'demo', now));
  return { ran: true, rows: rows.length, pointsCredited: outcome.pointsCredited };
}
