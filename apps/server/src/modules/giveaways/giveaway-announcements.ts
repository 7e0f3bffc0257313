import { GIVEAWAY_CLAIM_HOURS } from '@app/shared/api/giveaways';
import type { GiveawayRow } from './giveaway-presenter.ts';
import type { DrawnGiveaway } from './draw-giveaway.ts';

/** What the stream bot says in chat about a giveaway (sent by app.stream.announce with the 'giveaway' switch, after the act committed). */

function durationText(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} seconds`;
  const m = Math.round(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/** The bot's start announcement: the keyword, the rules and the seed commitment's prefix. */
export function startText(row: GiveawayRow, appOrigin: string): string {
  const rules = [
    `${row.winners} winner${row.winners === 1 ? '' : 's'}`,
    row.entryMode === 'linked' ? 'linked accounts only' : 'anyone in chat',
    ...(row.subscriberLuck > 1 ? [`subscribers' entries count x${row.subscriberLuck}`] : []),
  ];
  return `Giveaway #${row.giveawayNumber}: ${row.prize}! Type ${row.keyword} in chat within ${durationText(row.closesAt.getTime() - row.opensAt.getTime())} to enter (${rules.join(', ')}). Seed hash ${row.seedHash.slice(0, 16)}..., verify at ${appOrigin}/raffles`;
}

/** The bot's winners announcement (Kick names: the winners entered in chat under them). */
export function winnersText(drawn: DrawnGiveaway, appOrigin: string): string {
  const { row, winners } = drawn;
  if (winners.length === 0) return `Giveaway #${row.giveawayNumber} closed with no eligible entrants.`;
  const names = winners.map((w) => `@${w.kickUsername}`).join(', ');
  const unlinked = winners.some((w) => w.status === 'unclaimed')
    ? ` Not linked yet? Link your Kick account at ${appOrigin}/profile within ${GIVEAWAY_CLAIM_HOURS} hours to claim.`
    : '';
  const verb = winners[0]!.round > 0 ? 'redraw' : `winner${winners.length === 1 ? '' : 's'}`;
  return `Giveaway #${row.giveawayNumber} ${verb}: ${names} won ${row.prize}!${unlinked} Verify the draw at ${appOrigin}/raffles`;
}
