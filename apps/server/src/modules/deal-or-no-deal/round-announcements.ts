import type { DealOrNoDealEndReason } from '@app/shared/api/deal-or-no-deal';
import type { FastifyInstance } from 'fastify';
import { contestantName, type DealOrNoDealRow } from './round-reads.ts';

/**
 * What the stream bot says in chat about Deal or No Deal (sent by app.stream.announce with the
 * 'dealornodeal' switch, after the act has committed).
 */

const points = (n: number) => n.toLocaleString('en-US');

export function dealOrNoDealOpenText(roundNumber: number, total: number, cases: number, site: string, seedHash: string): string {
  return `Deal or No Deal #${roundNumber} is open: ${cases} cases, ${points(total)} points on the board. Type !dond to join (linked accounts) or join at ${site}/games/dealornodeal. Board hash: ${seedHash.slice(0, 16)}…`;
}

export function dealOrNoDealContestantText(roundNumber: number, name: string, entrants: number): string {
  return `Deal or No Deal #${roundNumber}: ${name} is the contestant, drawn from ${entrants} entrant${entrants === 1 ? '' : 's'}. Good luck!`;
}

export function dealOrNoDealResultText(
  roundNumber: number,
  name: string,
  result: { outcome: 'deal' | 'keep' | 'swap'; prize: number; auto: boolean; finalCase: number | null; reason: DealOrNoDealEndReason | null },
): string {
  if (result.reason === 'restricted') return `Deal or No Deal #${roundNumber} ended with no prize: the contestant is restricted from Deal or No Deal.`;
  if (result.outcome === 'deal') {
    const how = result.auto ? 'did not answer for 2 minutes and got the offer of' : 'took the deal:';
    return `Deal or No Deal #${roundNumber}: ${name} ${how} ${points(result.prize)} points!`;
  }
  const verb = result.outcome === 'swap' ? 'swapped for' : 'kept';
  return `Deal or No Deal #${roundNumber}: ${name} ${verb} case ${result.finalCase} and won ${points(result.prize)} points!`;
}

/** The bot's result line (after the round's end committed): the routes' moves and the auto-deal job. */
export async function announceRoundResult(app: Pick<FastifyInstance, 'db' | 'stream'>, row: DealOrNoDealRow): Promise<void> {
  if (row.status !== 'finished' || !row.outcome) return;
  const name = await contestantName(app.db, row);
  void app.stream.announce(
    dealOrNoDealResultText(row.roundNumber, name, {
      outcome: row.outcome as 'deal' | 'keep' | 'swap',
      prize: row.prize ?? 0,
      auto: row.autoDeal,
      finalCase: row.finalCase,
      reason: (row.endReason as DealOrNoDealEndReason | null) ?? null,
    }),
    'dealornodeal',
  );
}
