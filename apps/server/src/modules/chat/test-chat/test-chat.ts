import { randomUUID } from 'node:crypto';
import type { TestChatAction, TestChatInput, TestChatLine, TestChatResult, TestChatRole } from '@app/shared/api/stream-studio';
import { desc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { streamConnection, streamTestChatLines, users } from '../../../db/schema.ts';
import type { Tx } from '../../../db/tx.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { isBotFeatureOn } from '../bot-features.ts';
import { commandArgs, commandOf, runCommand } from '../commands.ts';
import type { ChatHookNote, ChatRegistry } from '../registry.ts';
import type { ChatBadge, ChatMessage, ChatModerationAction, ChatReply, ChatViewer } from '../types.ts';
import type { ViewerAccount } from '../viewer-account.ts';

/**
 * The test chat: a third adapter beside Kick and Twitch, platform 'test'. The admin writes as a test
 * viewer; the message goes through the same hooks and commands as a delivery from a platform, but
 * the replies and moderation calls are collected and returned (and kept in the console) instead of
 * sent. Test viewers never earn: their messages record no presence (the presence blocks pay from
 * stream_chatters) and they have no platform link. What they enter (a giveaway) is entered under the
 * 'test' platform, which only a test giveaway takes (and which is never published).
 */

/** How many console lines are kept (the GET shows them all). */
const KEEP_LINES = 100;

const ROLE_BADGES: Record<TestChatRole, ChatBadge[]> = { viewer: [], subscriber: ['subscriber'], vip: ['vip'], moderator: ['moderator'] };

/** A test viewer's id: the name, so the same name is the same viewer (cooldowns, one entry per giveaway). */
export const testViewerId = (name: string) => `test-${name.toLowerCase()}`;

/** Thrown to roll a savepoint back after its work (a command's writes), keeping what it answered. */
class DryRun extends Error {}

/**
 * The member a test viewer stands for: their account as a linked viewer's reads it. Admins are
 * refused (they run the stream; a platform account linked to one takes part in nothing).
 */
async function memberAccount(tx: Tx, memberId: string): Promise<ViewerAccount> {
  const [row] = await tx
    .select({ id: users.id, emailVerified: users.emailVerified, bannedAt: users.bannedAt, points: users.points, xp: users.xp, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, memberId));
  if (!row) throw new AppError('NOT_FOUND', 'That member does not exist.');
  if (row.isAdmin) throw new AppError('VALIDATION_ERROR', 'Pick a member who is not an admin: admins take part in nothing from chat.');
  const { isAdmin: _isAdmin, ...account } = row;
  return account;
}

function actionOf(action: ChatModerationAction): TestChatAction {
  if (action.kind === 'delete-message') return { kind: 'deleted', detail: 'The bot would delete the message.' };
  if (action.minutes === null) return { kind: 'banned', detail: `The bot would ban the viewer: ${action.reason}` };
  return { kind: 'timed out', detail: `The bot would time the viewer out for ${action.minutes} min: ${action.reason}` };
}

/**
 * Runs a built-in command with its writes rolled back: the reply is what the viewer would read, and
 * a command that spends (a prediction's !bet for the chosen member) changes no balance.
 */
async function dryRunCommand(tx: Tx, run: (tx: Tx) => Promise<string | null>): Promise<string | null> {
  let reply: string | null = null;
  try {
    await tx.transaction(async (savepoint) => {
      reply = await run(savepoint);
      throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return reply;
}

type TestChatCall = {
  chat: Pick<ChatRegistry, 'hooks' | 'command'>;
  input: TestChatInput;
  site: string;
  actor: AuditActor;
  now: Date;
};

/** POST /api/admin/stream/test-chat: the message through the chat's handlers; the bot's replies and acts (audited). */
export async function sendTestChat(db: Database, { chat, input, site, actor, now }: TestChatCall): Promise<TestChatResult> {
  return db.transaction(async (tx) => {
    const { name, role, memberId } = input.viewer;
    const linked = memberId ? await memberAccount(tx, memberId) : null;
    const viewer: ChatViewer = { platform: 'test', platformUserId: testViewerId(name), username: name, badges: ROLE_BADGES[role] };
    const message: ChatMessage = { id: `test-${randomUUID()}`, viewer, content: input.text, sentAt: now };
    const replies: ChatReply[] = [];
    const actions: ChatModerationAction[] = [];
    const notes: ChatHookNote[] = [];
    const [connection] = await tx.select().from(streamConnection).where(eq(streamConnection.id, 1));

    let isStopped = false;
    for (const hook of chat.hooks()) {
      const outcome = await hook.run({
        tx,
        message,
        sender: viewer,
        connection: connection ?? null,
        site,
        at: now,
        receivedAt: now,
        replies,
        actions,
        note: (note) => notes.push(note),
      });
      if (outcome === 'stop') {
        isStopped = true;
        break;
      }
    }
    const command = isStopped ? null : commandOf(input.text);
    if (command && (await isBotFeatureOn(tx, 'commands'))) {
      const call = { viewer, linked, site, now, args: commandArgs(input.text) };
      // Custom commands keep their count and cooldowns; a built-in one's writes are rolled back.
      const reply = chat.command(command)
        ? await dryRunCommand(tx, (sp) => runCommand(chat, command, { ...call, tx: sp }))
        : await runCommand(chat, command, { ...call, tx });
      if (reply) replies.push({ content: reply, replyTo: message.id });
    }

    const result: TestChatResult = {
      replies: replies.map((r) => ({ text: r.content })),
      actions: [...actions.map(actionOf), ...notes],
    };
    const lines = [
      { kind: 'viewer', name, role, text: input.text },
      ...result.replies.map((r) => ({ kind: 'bot', name: null, role: null, text: r.text })),
      ...result.actions.map((a) => ({ kind: 'action', name, role, text: `${a.kind}: ${a.detail}` })),
    ];
    await tx.insert(streamTestChatLines).values(lines.map((line) => ({ ...line, at: now })));
    const kept = tx
      .select({ id: streamTestChatLines.id })
      .from(streamTestChatLines)
      .orderBy(desc(streamTestChatLines.at), desc(streamTestChatLines.seq))
      .limit(KEEP_LINES);
    await tx.delete(streamTestChatLines).where(notInArray(streamTestChatLines.id, kept));
    await recordAudit(tx, {
      ...actor,
      action: 'stream_test_chat.message',
      targetType: 'stream',
      targetId: 'test-chat',
      changes: { summary: `${name} (${role}): ${input.text}`, memberId: memberId ?? null, replies: result.replies.length, actions: result.actions.length },
      at: now,
    });
    return result;
  });
}

/** GET /api/admin/stream/test-chat: the console's last lines, oldest first. */
export async function testChatLog(db: Database): Promise<{ lines: TestChatLine[] }> {
  const rows = await db.select().from(streamTestChatLines).orderBy(desc(streamTestChatLines.at), desc(streamTestChatLines.seq)).limit(KEEP_LINES);
  return {
    lines: rows.reverse().map((row) => ({
      id: row.id,
      kind: row.kind as TestChatLine['kind'],
      name: row.name,
      role: row.role as TestChatRole | null,
      text: row.text,
      at: row.at.toISOString(),
    })),
  };
}
