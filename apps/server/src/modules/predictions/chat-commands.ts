import { AppError } from '../../lib/app-error.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import { restrictionCheck } from '../../platform/restrictions.ts';
import { linkHow } from '../chat/index.ts';
import type { ChatCommand } from '../chat/index.ts';
import { predictionOutcomes, predictionStakes } from '../../db/schema.ts';
import { and, asc, eq } from 'drizzle-orm';
import { runningPrediction } from './prediction-reads.ts';
import { placeStake } from './stake.ts';

const USAGE = 'stake with !bet <outcome number> <amount|all|half>, e.g. !bet 1 500';

/**
 * `!bet <outcome number> <amount|all|half>`: the web stake's rules (linked, verified member; the
 * restrictions that block raffles; the prediction open; min/max; one outcome) in the chat event's
 * transaction, through a savepoint so a refusal undoes only the stake. `all` is the balance and
 * `half` half of it (rounded down), each capped at what the maximum stake leaves. Admins run
 * predictions: their bets are ignored without a word. The bot confirms or says why not.
 */
export const betCommand: ChatCommand = {
  name: 'bet',
  order: 80,
  async run({ tx, viewer, linked, site, now, args }) {
    const to = `@${viewer.username}`;
    if (!linked) return `${to} link your account first: ${linkHow(site)}`;
    if (!(await mayTakePart(tx, linked.id, now))) return null;
    const prediction = await runningPrediction(tx);
    if (!prediction || prediction.status !== 'open' || prediction.locksAt.getTime() <= now.getTime()) return `${to} no prediction is taking stakes right now.`;
    const words = args.split(/\s+/).filter(Boolean);
    const number = words.length === 2 && /^\d{1,2}$/.test(words[0]!) ? Number(words[0]) : Number.NaN;
    const how = words[1]?.toLowerCase() ?? '';
    if (!Number.isInteger(number) || !(/^\d{1,9}$/.test(how) || how === 'all' || how === 'half')) return `${to} ${USAGE}`;
    const outcomes = await tx
      .select({ id: predictionOutcomes.id, number: predictionOutcomes.number, label: predictionOutcomes.label })
      .from(predictionOutcomes)
      .where(eq(predictionOutcomes.predictionId, prediction.id))
      .orderBy(asc(predictionOutcomes.number));
    const outcome = outcomes.find((o) => o.number === number);
    if (!outcome) return `${to} pick an outcome from 1 to ${outcomes.length}: ${outcomes.map((o) => `${o.number}) ${o.label}`).join(' ')}`;
    if (!linked.emailVerified) return `${to} verify your email at ${site}/profile first.`;
    let amount = Number(how);
    if (how === 'all' || how === 'half') {
      const [own] = await tx
        .select({ amount: predictionStakes.amount })
        .from(predictionStakes)
        .where(and(eq(predictionStakes.predictionId, prediction.id), eq(predictionStakes.userId, linked.id)));
      const balance = how === 'all' ? linked.points : Math.floor(linked.points / 2);
      amount = Math.min(balance, prediction.maxStake - (own?.amount ?? 0));
      if (amount < prediction.minStake) return `${to} a stake is at least ${prediction.minStake.toLocaleString('en-US')} points.`;
    }
    try {
      const result = await tx.transaction((sp) =>
        placeStake(sp, {
          predictionId: prediction.id,
          userId: linked.id,
          stake: { outcomeId: outcome.id, amount },
          now,
          restriction: restrictionCheck('raffle', linked.id, now),
        }),
      );
      return `${to} ${amount.toLocaleString('en-US')} points on ${outcome.label} (your stake: ${result.stake.amount.toLocaleString('en-US')}).`;
    } catch (error) {
      if (error instanceof AppError) return `${to} ${error.message}`;
      throw error;
    }
  },
};
