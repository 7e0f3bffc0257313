// The chat module's public file: what other modules may use (eslint/server-layers.js).
export { isBotFeatureOn, listBotFeatures } from './bot-features.ts';
export { linkHow } from './commands.ts';
export { HOLD_DAYS } from './crediting.ts';
export { chatPendingBeforeSql } from './events.ts';
export { type ChatCommand, type ChatHook, type ChatHookCall } from './registry.ts';
export { type ChatBadge, type ChatPlatform, isSubscriber } from './types.ts';
export { platformAccountOf, viewerAccountOf, viewerLinkSql } from './viewer-account.ts';
