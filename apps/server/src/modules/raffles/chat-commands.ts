import { and, asc, gt, lte, sql } from 'drizzle-orm';
import { raffles } from '../../db/schema.ts';
import type { ChatCommand } from '../chat/index.ts';

/** `!raffles`: the open raffles, soonest ending first (registered with the chat by routes.ts). */
export const rafflesCommand: ChatCommand = {
  name: 'raffles',
  order: 30,
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
};
