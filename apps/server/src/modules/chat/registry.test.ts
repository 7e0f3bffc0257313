import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/factories.ts';
import { createChatRegistry, type ChatCommand, type ChatHook } from './registry.ts';

const hook = (name: string, order: number): ChatHook => ({ name, order, wants: async () => null, run: async () => 'continue' });
const command = (name: string, order: number): ChatCommand => ({ name, order, run: async () => null });

describe('chat registry', () => {
  it('runs the hooks by their declared order, whatever order they registered in', () => {
    const chat = createChatRegistry();
    chat.registerHook(hook('dealornodeal', 30));
    chat.registerHook(hook('moderation', 10));
    chat.registerHook(hook('giveaway', 20));
    expect(chat.hooks().map((h) => h.name)).toEqual(['moderation', 'giveaway', 'dealornodeal']);
  });

  it('refuses a second hook with the same order or name, and a command twice or with a bad name', () => {
    const chat = createChatRegistry();
    chat.registerHook(hook('moderation', 10));
    expect(() => chat.registerHook(hook('other', 10))).toThrow(/clashes with 'moderation'/);
    expect(() => chat.registerHook(hook('moderation', 11))).toThrow(/clashes/);
    chat.registerCommand(command('points', 10));
    expect(() => chat.registerCommand(command('points', 20))).toThrow(/twice/);
    expect(() => chat.registerCommand(command('Bad Name', 20))).toThrow(/a name is/);
  });

  it('lists the commands by their declared order and finds them by name', () => {
    const chat = createChatRegistry();
    chat.registerCommand(command('link', 50));
    chat.registerCommand(command('points', 10));
    expect(chat.commandNames()).toEqual(['points', 'link']);
    expect(chat.command('link')?.name).toBe('link');
    expect(chat.command('nope')).toBeUndefined();
  });

  it('throws on a registration after it is sealed', () => {
    const chat = createChatRegistry();
    chat.seal();
    expect(() => chat.registerHook(hook('late', 40))).toThrow(/after the app is ready/);
    expect(() => chat.registerCommand(command('late', 80))).toThrow(/after the app is ready/);
  });
});

describe(`chat registry in the app (${process.env.TEST_DB})`, () => {
  const t = useTestApp();

  it('has the features registered from their folders, moderation first, and is closed once the app is ready', () => {
    expect(t.app.chat.hooks().map((h) => h.name)).toEqual(['moderation', 'giveaway', 'dealornodeal']);
    expect(t.app.chat.commandNames()).toEqual(['points', 'rank', 'raffles', 'leaderboard', 'link', 'gtb', 'x', 'bet']);
    expect(() => t.app.chat.registerHook(hook('late', 99))).toThrow(/after the app is ready/);
    expect(() => t.app.chat.registerCommand(command('late', 99))).toThrow(/after the app is ready/);
  });
});
