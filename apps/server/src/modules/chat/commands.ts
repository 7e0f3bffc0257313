import type { StreamCommand, StreamCommandInput, StreamCommandRole } from '@app/shared/api/stream';
import { rankForXp } from '@app/shared/domain/ranks';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { streamCommandUses, streamCommands, streamConnection } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { isBotFeatureOn } from './bot-features.ts';
import type { ChatCommand, ChatCommandCall, ChatRegistry } from './registry.ts';
import type { ChatViewer } from './types.ts';
import { viewerAccountOf, type ViewerAccount } from './viewer-account.ts';

/**
 * Chat commands: the built-in ones, registered by the chat module (below) and by the features
 * (their chat-commands.ts, through app.chat.registerCommand), and the admin's custom ones from
 * stream_commands, looked up by name. Unknown commands are ignored. Answers are computed in the
 * event's transaction and sent by the bot's paced queue after it commits.
 */

/** How a viewer links their account, for the replies that need a linked one. */
export const linkHow = (site: string) => `Paste your UID from ${site}/profile in chat`;

function rankName(xp: number): string {
  return rankForXp(xp)?.name ?? 'Unranked';
}

/** The chat module's own built-in commands (the features' take the places between them). */
export const CHAT_COMMANDS: ChatCommand[] = [
  {
    name: 'points',
    order: 10,
    async run({ tx, viewer, linked, site }) {
      if (!(await isBotFeatureOn(tx, 'points'))) return `@${viewer.username} points are paused right now.`;
      if (!linked) return `@${viewer.username} link your account first: ${linkHow(site)}`;
      return `@${viewer.username} you have ${linked.points.toLocaleString('en-US')} points (rank ${rankName(linked.xp)}).`;
    },
  },
  {
    name: 'rank',
    order: 20,
    async run({ viewer, linked, site }) {
      if (!linked) return `@${viewer.username} link your account first: ${linkHow(site)}`;
      return `@${viewer.username} your rank is ${rankName(linked.xp)}.`;
    },
  },
  {
    name: 'link',
    order: 50,
    async run({ site }) {
      return `${linkHow(site)}, then confirm the request on your profile.`;
    },
  },
];

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
  return template.replace(/\{(user|points|rank|site|uptime|count)\}/g, (_m, key: string) => values[key] ?? '');
}

/** The roles each command role admits: a moderator (or the broadcaster) may use a VIP's command, a VIP a subscriber's. */
const ADMITTED: Record<StreamCommandRole, ChatViewer['badges']> = {
  everyone: [],
  subscriber: ['subscriber', 'vip', 'moderator', 'broadcaster'],
  vip: ['vip', 'moderator', 'broadcaster'],
  moderator: ['moderator', 'broadcaster'],
};

/** Whether a viewer may use a command of this role. */
export function mayUseCommand(role: string, viewer: Pick<ChatViewer, 'badges'>): boolean {
  const admitted = ADMITTED[role as StreamCommandRole] ?? ADMITTED.moderator;
  return admitted.length === 0 || viewer.badges.some((b) => admitted.includes(b));
}

/** {uptime}: how long the channel has been live ('1h 05m', '12m'), or 'offline'. */
async function uptimeText(tx: Tx, now: Date): Promise<string> {
  const [row] = await tx.select({ isLive: streamConnection.isLive, liveSince: streamConnection.liveSince }).from(streamConnection);
  if (!row?.isLive || !row.liveSince) return 'offline';
  const minutes = Math.max(0, Math.floor((now.getTime() - row.liveSince.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${String(minutes % 60).padStart(2, '0')}m` : `${minutes}m`;
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
/**
 * Runs a command, if it is one; the reply text, or null (unknown, off, not the viewer's role, or
 * cooling down). `linked`: the viewer's account when the caller knows it (the test chat's chosen
 * member); otherwise it is read from the viewer's link.
 */
export async function runCommand(
  chat: Pick<ChatRegistry, 'command'>,
  name: string,
  call: Omit<ChatCommandCall, 'linked'> & { linked?: ViewerAccount | null },
): Promise<string | null> {
  const linked = call.linked !== undefined ? call.linked : await viewerAccountOf(call.tx, call.viewer.platform, call.viewer.platformUserId);
  const full: ChatCommandCall = { ...call, linked };
  const builtIn = chat.command(name);
  if (builtIn) return builtIn.run(full);
  const [custom] = await call.tx
    .select()
    .from(streamCommands)
    .where(sql`lower(${streamCommands.name}) = ${name}`);
  if (!custom?.enabled || !mayUseCommand(custom.role, call.viewer)) return null;
  if (await coolsDown(call.tx, custom, call.viewer.platformUserId, call.now)) return null;
  const [used] = await call.tx
    .update(streamCommands)
    .set({ uses: sql`${streamCommands.uses} + 1` })
    .where(eq(streamCommands.id, custom.id))
    .returning({ uses: streamCommands.uses });
  return fill(custom.reply, {
    user: `@${call.viewer.username}`,
    points: full.linked ? full.linked.points.toLocaleString('en-US') : '0',
    rank: full.linked ? rankName(full.linked.xp) : 'Unranked',
    site: call.site,
    uptime: custom.reply.includes('{uptime}') ? await uptimeText(call.tx, call.now) : '',
    count: (used?.uses ?? custom.uses + 1).toLocaleString('en-US'),
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
    role: row.role as StreamCommandRole,
    uses: row.uses,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCommands(db: Database, chat: Pick<ChatRegistry, 'commandNames'>): Promise<{ commands: StreamCommand[]; builtIn: string[] }> {
  const rows = await db.select().from(streamCommands).orderBy(asc(streamCommands.name));
  return { commands: rows.map(presentCommand), builtIn: chat.commandNames() };
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
  chat: Pick<ChatRegistry, 'command'>,
  id: string | null,
  input: StreamCommandInput,
  actor: AuditActor,
  now: Date,
): Promise<{ command: StreamCommand }> {
  if (chat.command(input.name)) throw taken(input.name);
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
