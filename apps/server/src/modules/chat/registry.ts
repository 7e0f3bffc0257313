import type { streamConnection } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import type { ChatMessage, ChatModerationAction, ChatReply, ChatViewer } from './types.ts';
import type { ViewerAccount } from './viewer-account.ts';

/**
 * Where features plug into the chat: `app.chat.registerHook` and `app.chat.registerCommand`, called
 * from each feature's own folder (its chat-hook.ts or chat-commands.ts, registered by its routes
 * plugin) while the app is built, as jobs register with the scheduler. The chat module knows only
 * the shapes below, never a feature. Registering after the app is ready throws: the events job
 * reads the hooks and commands as they are at start.
 */

export type ChatHookCall = {
  tx: Tx;
  message: ChatMessage;
  /** The message's viewer. */
  sender: ChatViewer;
  connection: typeof streamConnection.$inferSelect | null;
  site: string;
  /** When the job handles the message. */
  at: Date;
  /** When the webhook received it (a message received before a deadline counts, however late the job runs). */
  receivedAt: Date;
  replies: ChatReply[];
  /** The platform's moderation calls, made after the event's transaction commits, like the replies. */
  actions: ChatModerationAction[];
  /** What the hook did, for the test chat's console ('entered giveaway', ...); absent for a platform's events. */
  note?: (note: ChatHookNote) => void;
};

/** A line the test chat shows for what a hook did with a message. */
export type ChatHookNote = { kind: string; detail: string };

/** A site Chat ban the platform's moderators put in force themselves (their ban of a linked viewer). */
export type ChatBanCall = { tx: Tx; restrictionId: string; until: Date | null; at: Date };

/**
 * A feature that reads chat (moderation, giveaways, Deal or No Deal). The chat event's handler runs
 * the hooks in `order` (lowest first) after presence is recorded and before the commands.
 */
export type ChatHook = {
  name: string;
  /**
   * The hook's place among the hooks, lowest first; two hooks never share one. Moderation comes
   * first, so a message it deletes enters nothing.
   */
  order: number;
  /**
   * Once per batch of plain chat (the bulk lane, which records presence only): a cheap test of the
   * messages this hook must see; they then go through the one-at-a-time lane and `run`. Null: none
   * (e.g. the feature is switched off or has nothing running).
   */
  wants: (tx: Tx, now: Date) => Promise<((message: ChatMessage) => boolean) | null>;
  /** One message in its event's transaction. 'stop': the hooks after it and the commands do not run. */
  run: (call: ChatHookCall) => Promise<'stop' | 'continue'>;
  /** In the transaction of a platform ban that the chat module turned into a site Chat ban. */
  onPlatformBan?: (call: ChatBanCall) => Promise<void>;
};

/** `args`: the message after the command's name. `linked`: the viewer's site account, null when not linked. */
export type ChatCommandCall = { tx: Tx; viewer: ChatViewer; linked: ViewerAccount | null; site: string; now: Date; args: string };

/** A built-in chat command ('!name'). Its reply is said after the event's transaction commits; null: say nothing. */
export type ChatCommand = {
  /** Lower case, as typed after '!'. */
  name: string;
  /** Its place in the admin's list of built-in commands, lowest first. */
  order: number;
  run: (call: ChatCommandCall) => Promise<string | null>;
};

export type ChatRegistry = {
  registerHook: (hook: ChatHook) => void;
  registerCommand: (command: ChatCommand) => void;
  /** The hooks, in order. */
  hooks: () => readonly ChatHook[];
  command: (name: string) => ChatCommand | undefined;
  /** The built-in commands' names, in order. */
  commandNames: () => string[];
  /** No more registrations (the app is ready). */
  seal: () => void;
};

const COMMAND_NAME = /^[a-z0-9_]{1,30}$/;

export function createChatRegistry(): ChatRegistry {
  let hooks: ChatHook[] = [];
  const commands = new Map<string, ChatCommand>();
  let commandList: ChatCommand[] = [];
  let isSealed = false;

  function open(what: string): void {
    if (isSealed) throw new Error(`Chat ${what} registered after the app is ready: register it while the app is built.`);
  }

  return {
    registerHook(hook) {
      open(`hook '${hook.name}'`);
      const clash = hooks.find((h) => h.name === hook.name || h.order === hook.order);
      if (clash) throw new Error(`Chat hook '${hook.name}' clashes with '${clash.name}' (a hook's name and order are its own).`);
      hooks = [...hooks, hook].sort((a, b) => a.order - b.order);
    },
    registerCommand(command) {
      open(`command '!${command.name}'`);
      if (!COMMAND_NAME.test(command.name)) throw new Error(`Chat command '!${command.name}': a name is 1 to 30 of a-z, 0-9 and _.`);
      if (commands.has(command.name)) throw new Error(`Chat command '!${command.name}' is registered twice.`);
      commands.set(command.name, command);
      commandList = [...commandList, command].sort((a, b) => a.order - b.order);
    },
    hooks: () => hooks,
    command: (name) => commands.get(name),
    commandNames: () => commandList.map((c) => c.name),
    seal() {
      isSealed = true;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's hooks and commands (modules/chat/registry.ts). */
    chat: ChatRegistry;
  }
}
