import { BonusGuessInputSchema, GuessInputSchema } from '@app/shared/api/bonus-hunts';
import type { StreamCommand, StreamCommandInput } from '@app/shared/api/stream';
import { rankForXp } from '@app/shared/domain/ranks';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { raffles, streamCommandUses, streamCommands } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { formatCents, parseCents } from '@app/shared/domain/money-cents';
import { assertNotRestricted } from '../../platform/restrictions-guard.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import { isBotFeatureOn } from '../admin/bot-features.ts';
import { guessingHunt, openingHunt, submitBonusGuess, submitGuess } from '../bonus-hunts/hunts-service.ts';
import { publicLeaderboard } from '../races/race-board.ts';
import { viewerAccountOf, type ViewerAccount } from './viewer-account.ts';

/**
 * Chat commands: a registry of definitions (built-in ones below, the admin's custom ones from
 * stream_commands), looked up by name. Unknown commands are ignored. Answers are computed in the
 * event's transaction and sent by the bot's paced queue after it commits.
 */

export type CommandViewer = { kickUserId: string; username: string };
/** `args`: the message after the command's name. */
export type CommandCall = { tx: Tx; viewer: CommandViewer; linked: ViewerAccount | null; site: string; now: Date; args: string };

type CommandDefinition = { name: string; run: (call: CommandCall) => Promise<string | null> };

const linkHow = (site: string) => `Paste your UID from ${site}/profile in chat`;

function rankName(xp: number): string {
  return rankForXp(xp)?.name ?? 'Unranked';
}

const BUILT_IN: CommandDefinition[] = [
  {
    name: 'points',
    async run({ tx, viewer, linked, site }) {
      if (!(await isBotFeatureOn(tx, 'points'))) return `@${viewer.username} points are paused right now.`;
      if (!linked) return `@${viewer.username} link your account first: ${linkHow(site)}`;
      return `@${viewer.username} you have ${linked.points.toLocaleString('en-US')} points (rank ${rankName(linked.xp)}).`;
    },
  },
  {
    name: 'rank',
    async run({ viewer, linked, site }) {
      if (!linked) return `@${viewer.username} link your account first: ${linkHow(site)}`;
      return `@${viewer.username} your rank is ${rankName(linked.xp)}.`;
    },
  },
  {
    name: 'raffles',
    async run({ tx, site, now }) {
      const open = await tx
        .select({ title: raffles.title })
        .from(raffles)
        .where(and(lte(raffles.startDate, now), gt(raffles.endDate, now), sql`${raffles.drawnAt} is null`))
        .orderBy(asc(raffles.endDate))
        .limit(3);
      if (open.length === 0) return `No raffles are open right now. ${site}/raffles`;
      return `Open raffles: ${open.map((r) => r.title).join(', ')}. Enter at ${site}/raffles`;
    },
  },
  {
    name: 'leaderboard',
    async run({ tx, site, now }) {
      const board = await publicLeaderboard(tx as unknown as Database, now);
      if (!board.race || board.standings.length === 0) return `No race is running right now. ${site}/leaderboard`;
      const top = board.standings.slice(0, 3).map((s, i) => `${i + 1}. ${s.username}`);
      return `${board.race.name}: ${top.join(' ')} ${site}/leaderboard`;
    },
  },
  {
    name: 'link',
    async run({ site }) {
      return `${linkHow(site)}, then confirm the request on your profile.`;
    },
  },
  {
    // Guess the Balance from chat: the web guess's rules (verified member, collecting hunt, Chat or
    // Raffle ban refused, the entry cost through the ledger on the first guess only). The guess runs
    // in the transaction that marks this chat event processed, so one Kick message spends at most once.
    name: 'gtb',
    async run({ tx, viewer, linked, site, now, args }) {
      const to = `@${viewer.username}`;
      if (!linked) return `${to} link your account first: ${linkHow(site)}`;
      // Admins run the hunts: their guesses are ignored, without a word (platform/own-account.ts).
      if (!(await mayTakePart(tx, linked.id, now))) return null;
      const hunt = await guessingHunt(tx);
      if (!hunt) return `${to} no bonus hunt is taking guesses right now.`;
      const words = args.split(/\s+/).filter(Boolean);
      const amount = words.length === 1 ? parseCents(words[0]!) : null;
      if (amount === null || !GuessInputSchema.safeParse({ amount }).success) return `${to} guess the final balance with !gtb <amount>, e.g. !gtb 1234.56`;
      if (!linked.emailVerified) return `${to} verify your email at ${site}/profile first.`;
      try {
        // A savepoint: a refusal undoes the guess's own writes, never the chat event's.
        const result = await tx.transaction((sp) =>
          submitGuess(sp, {
            huntId: hunt.id,
            userId: linked.id,
            amount,
            at: now,
            restriction: {
              feature: 'guess_the_balance',
              userId: linked.id,
              at: now,
              assert: (db) => assertNotRestricted(db, linked.id, 'guess_the_balance', now),
            },
          }),
        );
        const cost = result.charged > 0 ? ` (${result.charged.toLocaleString('en-US')} points spent)` : '';
        return `${to} your guess for ${hunt.title} is ${formatCents(amount, hunt.currency)}${cost}.`;
      } catch (error) {
        if (error instanceof AppError) return `${to} ${error.message}`;
        throw error;
      }
    },
  },
  {
    // The next bonus's × from chat: the web guess's rules (verified member, opening hunt, Chat or
    // Raffle ban refused), free, in the chat event's transaction like !gtb.
    name: 'x',
    async run({ tx, viewer, linked, site, now, args }) {
      const to = `@${viewer.username}`;
      if (!linked) return `${to} link your account first: ${linkHow(site)}`;
      if (!(await mayTakePart(tx, linked.id, now))) return null;
      const hunt = await openingHunt(tx);
      if (!hunt) return `${to} no bonus hunt is opening right now.`;
      const words = args.split(/\s+/).filter(Boolean);
      const raw = words.length === 1 ? words[0]!.replace(/x$/i, '') : '';
      const multiplier = /^\d{1,6}(\.\d{1,2})?$/.test(raw) ? Number(raw) : Number.NaN;
      if (!BonusGuessInputSchema.safeParse({ multiplier }).success) return `${to} guess the next bonus's multiplier with !x <multiplier>, e.g. !x 125.5`;
      if (!linked.emailVerified) return `${to} verify your email at ${site}/profile first.`;
      try {
        const result = await tx.transaction((sp) =>
          submitBonusGuess(sp, {
            huntId: hunt.id,
            bonusId: null,
            userId: linked.id,
            xHundredths: Math.round(multiplier * 100),
            at: now,
            restriction: {
              feature: 'guess_the_balance',
              userId: linked.id,
              at: now,
              assert: (db) => assertNotRestricted(db, linked.id, 'guess_the_balance', now),
            },
          }),
        );
        return `${to} your guess for ${result.slotName} is ${result.guess.multiplier}x.`;
      } catch (error) {
        if (error instanceof AppError) return `${to} ${error.message}`;
        throw error;
      }
    },
  },
];

const BUILT_IN_BY_NAME = new Map(BUILT_IN.map((c) => [c.name, c]));
export const BUILT_IN_COMMANDS = BUILT_IN.map((c) => c.name);

/** The global use's row in stream_command_uses (a Kick user id is never empty). */
const GLOBAL = '';

/**
 * Claims a use of a command (globally or by one viewer): records it only when the cooldown has
 * passed since the last one, in one conditional upsert. A server answering the same command at the
 * same moment waits on the row's lock and then sees the other's use, so only one claim succeeds.
 */
async function claimUse(tx: Tx, commandId: string, kickUserId: string, now: Date, cooldownSeconds: number): Promise<boolean> {
  const claimed = await tx
    .insert(streamCommandUses)
    .values({ commandId, kickUserId, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [streamCommandUses.commandId, streamCommandUses.kickUserId],
      set: { lastUsedAt: now },
      setWhere: lte(streamCommandUses.lastUsedAt, new Date(now.getTime() - cooldownSeconds * 1000)),
    })
    .returning({ at: streamCommandUses.lastUsedAt });
  return claimed.length > 0;
}

/**
 * Both cooldowns, across servers. The viewer's own is read first, so a viewer still cooling down
 * does not take the global use from everyone else; then the global use is claimed, then the
 * viewer's (a command without a cooldown writes nothing).
 */
async function coolsDown(tx: Tx, command: typeof streamCommands.$inferSelect, kickUserId: string, now: Date): Promise<boolean> {
  const userCooldown = command.userCooldownSeconds;
  if (userCooldown > 0) {
    const [last] = await tx
      .select({ at: streamCommandUses.lastUsedAt })
      .from(streamCommandUses)
      .where(and(eq(streamCommandUses.commandId, command.id), eq(streamCommandUses.kickUserId, kickUserId)));
    if (last && now.getTime() - last.at.getTime() < userCooldown * 1000) return true;
  }
  if (command.globalCooldownSeconds > 0 && !(await claimUse(tx, command.id, GLOBAL, now, command.globalCooldownSeconds))) return true;
  if (userCooldown > 0 && !(await claimUse(tx, command.id, kickUserId, now, userCooldown))) return true;
  return false;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(user|points|rank|site)\}/g, (_m, key: string) => values[key] ?? '');
}

/** The command a chat message starts with ('!points' → 'points'), or null. */
export function commandOf(content: string): string | null {
  const match = /^!([a-zA-Z0-9_]{1,30})\b/.exec(content.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** What follows the command's name ('!gtb 12.50' → '12.50'). */
export function commandArgs(content: string): string {
  return content.trim().replace(/^!\S*\s*/, '');
}

/** Runs a command, if it is one; the reply text, or null (unknown, off, or cooling down). */
export async function runCommand(name: string, call: Omit<CommandCall, 'linked'>): Promise<string | null> {
  const full: CommandCall = { ...call, linked: await viewerAccountOf(call.tx, 'kick', call.viewer.kickUserId) };
  const builtIn = BUILT_IN_BY_NAME.get(name);
  if (builtIn) return builtIn.run(full);
  const [custom] = await call.tx
    .select()
    .from(streamCommands)
    .where(sql`lower(${streamCommands.name}) = ${name}`);
  if (!custom?.enabled) return null;
  if (await coolsDown(call.tx, custom, call.viewer.kickUserId, call.now)) return null;
  return fill(custom.reply, {
    user: `@${call.viewer.username}`,
    points: full.linked ? full.linked.points.toLocaleString('en-US') : '0',
    rank: full.linked ? rankName(full.linked.xp) : 'Unranked',
    site: call.site,
  });
}

type CommandRow = typeof streamCommands.$inferSelect;

function presentCommand(row: CommandRow): StreamCommand {
  return {
    id: row.id,
    name: row.name,
    reply: row.reply,
    userCooldownSeconds: row.userCooldownSeconds,
    globalCooldownSeconds: row.globalCooldownSeconds,
    enabled: row.enabled,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCommands(db: Database): Promise<{ commands: StreamCommand[]; builtIn: string[] }> {
  const rows = await db.select().from(streamCommands).orderBy(asc(streamCommands.name));
  return { commands: rows.map(presentCommand), builtIn: BUILT_IN_COMMANDS };
}

function taken(name: string): AppError {
  return new AppError('COMMAND_EXISTS', `!${name} already exists.`);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** POST/PUT /api/admin/stream/commands: saved and audited; a built-in name or another command's is 409. */
export async function saveCommand(
  db: Database,
  id: string | null,
  input: StreamCommandInput,
  actor: AuditActor,
  now: Date,
): Promise<{ command: StreamCommand }> {
  if (BUILT_IN_BY_NAME.has(input.name)) throw taken(input.name);
  try {
    return await db.transaction(async (tx) => {
      const [row] = id
        ? await tx
            .update(streamCommands)
            .set({ ...input, updatedAt: now })
            .where(eq(streamCommands.id, id))
            .returning()
        : await tx
            .insert(streamCommands)
            .values({ ...input, createdAt: now, updatedAt: now })
            .returning();
      if (!row) throw new AppError('NOT_FOUND', 'That command does not exist.');
      await recordAudit(tx, {
        ...actor,
        action: id ? 'stream_command.update' : 'stream_command.create',
        targetType: 'stream_command',
        targetId: row.id,
        changes: { summary: `!${row.name}`, ...input },
        at: now,
      });
      return { command: presentCommand(row) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.name);
    throw error;
  }
}

export async function deleteCommand(db: Database, id: string, actor: AuditActor, now: Date): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(streamCommands).where(eq(streamCommands.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', 'That command does not exist.');
    await recordAudit(tx, {
      ...actor,
      action: 'stream_command.delete',
      targetType: 'stream_command',
      targetId: id,
      changes: { summary: `!${row.name}` },
      at: now,
    });
    return { ok: true as const };
  });
}
