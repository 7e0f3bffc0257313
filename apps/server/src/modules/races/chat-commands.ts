import type { Database } from '../../db/client.ts';
import type { ChatCommand } from '../chat/index.ts';
import { publicLeaderboard } from './race-board.ts';

/** `!leaderboard`: the running race's top three (registered with the chat by routes.ts). */
export const leaderboardCommand: ChatCommand = {
  name: 'leaderboard',
  order: 40,
  async run({ tx, site, now }) {
    const board = await publicLeaderboard(tx as unknown as Database, now);
    if (!board.race || board.standings.length === 0) return `No race is running right now. ${site}/leaderboard`;
    const top = board.standings.slice(0, 3).map((s, i) => `${i + 1}. ${s.username}`);
    return `${board.race.name}: ${top.join(' ')} ${site}/leaderboard`;
  },
};
