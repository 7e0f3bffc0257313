import type { HuntDetail } from '@app/shared/api/bonus-hunts';
import { formatCents } from '@app/shared/domain/money-cents';

/**
 * What the stream bot says in chat about Guess the Balance: when guessing opens (the hunt is
 * created), when it closes (the hunt moves to opening) and who won (finish). Sent by the stream's
 * announce (connected channel and 'commands' switch on), after the act has committed.
 */

export type HuntMoment = 'guessing_open' | 'guessing_closed' | 'finished';

const points = (n: number) => n.toLocaleString('en-US');

export function huntAnnouncement(detail: HuntDetail, moment: HuntMoment, site: string): string {
  const { hunt } = detail;
  const money = (cents: number) => formatCents(cents, hunt.currency);
  if (moment === 'guessing_open') {
    const cost = hunt.entryCost > 0 ? ` (a guess costs ${points(hunt.entryCost)} points)` : '';
    return `Guess the Balance is open for ${hunt.title}: type !gtb <amount> with your guess of the final balance${cost}, or guess at ${site}/bonus-hunts/${hunt.id}`;
  }
  if (moment === 'guessing_closed') {
    const n = hunt.guessCount;
    const next = hunt.status === 'collecting' ? '' : ' Opening the bonuses now!';
    return `Guessing is closed for ${hunt.title}: ${n} guess${n === 1 ? '' : 'es'} locked.${next}`;
  }
  const winners = (detail.guesses ?? []).filter((g) => g.place !== null).sort((a, b) => a.place! - b.place!);
  const list = winners.map((w) => `${w.place}. ${w.username} (${money(w.amount)}, off by ${money(w.difference ?? 0)})`);
  const result = winners.length > 0 ? `Guess the Balance winners: ${list.join(', ')}` : 'Nobody guessed this time.';
  return `${hunt.title} finished at ${money(hunt.finalBalance ?? 0)}. ${result}`;
}
