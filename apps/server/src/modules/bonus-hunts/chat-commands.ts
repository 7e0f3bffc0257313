import { BonusGuessInputSchema, GuessInputSchema } from '@app/shared/api/bonus-hunts';
import { formatCents, parseCents } from '@app/shared/domain/money-cents';
import { AppError } from '../../lib/app-error.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import { restrictionCheck } from '../../platform/restrictions.ts';
import { linkHow } from '../chat/index.ts';
import type { ChatCommand } from '../chat/index.ts';
import { guessingHunt, submitGuess } from './guess-balance.ts';
import { openingHunt, submitBonusGuess } from './guess-bonus.ts';

/** The bonus hunts' chat commands, registered with the chat by routes.ts. */
export const HUNT_CHAT_COMMANDS: ChatCommand[] = [
  {
    // Guess the Balance from chat: the web guess's rules (verified member, collecting hunt, Chat or
    // Raffle ban refused, the entry cost through the ledger on the first guess only). The guess runs
    // in the transaction that marks this chat event processed, so one Kick message spends at most once.
    name: 'gtb',
    order: 60,
    async run({ tx, viewer, linked, site, now, args }) {
      const to = `@${viewer.username}`;
      if (!linked) return `${to} link your account first: ${linkHow(site)}`;
      // Admins run the hunts: their guesses are ignored, without a word (platform/own-account.ts).
      if (!(await mayTakePart(tx, linked.id, now))) return null;
      const hunt = await guessingHunt(tx);
      if (!hunt) return `${to} no bonus hunt is taking guesses right now.`;
      const words = args.split(/\s+/).filter(Boolean);
      const amount = words.length === 1 ? parseCents(words[0]!) : null;
      if (amount === null || !GuessInputSchema.safeParse({ amount }).success) return `${to} guess the final balance with !gtb <amount>, e.g. !gtb 1234.56`;
      if (!linked.emailVerified) return `${to} verify your email at ${site}/profile first.`;
      try {
        // A savepoint: a refusal undoes the guess's own writes, never the chat event's.
        const result = await tx.transaction((sp) =>
          submitGuess(sp, {
            huntId: hunt.id,
            userId: linked.id,
            amount,
            at: now,
            restriction: restrictionCheck('guess_the_balance', linked.id, now),
          }),
        );
        const cost = result.charged > 0 ? ` (${result.charged.toLocaleString('en-US')} points spent)` : '';
        return `${to} your guess for ${hunt.title} is ${formatCents(amount, hunt.currency)}${cost}.`;
      } catch (error) {
        if (error instanceof AppError) return `${to} ${error.message}`;
        throw error;
      }
    },
  },
  {
    // The next bonus's × from chat: the web guess's rules (verified member, opening hunt, Chat or
    // Raffle ban refused), free, in the chat event's transaction like !gtb.
    name: 'x',
    order: 70,
    async run({ tx, viewer, linked, site, now, args }) {
      const to = `@${viewer.username}`;
      if (!linked) return `${to} link your account first: ${linkHow(site)}`;
      if (!(await mayTakePart(tx, linked.id, now))) return null;
      const hunt = await openingHunt(tx);
      if (!hunt) return `${to} no bonus hunt is opening right now.`;
      const words = args.split(/\s+/).filter(Boolean);
      const raw = words.length === 1 ? words[0]!.replace(/x$/i, '') : '';
      const multiplier = /^\d{1,6}(\.\d{1,2})?$/.test(raw) ? Number(raw) : Number.NaN;
      if (!BonusGuessInputSchema.safeParse({ multiplier }).success) return `${to} guess the next bonus's multiplier with !x <multiplier>, e.g. !x 125.5`;
      if (!linked.emailVerified) return `${to} verify your email at ${site}/profile first.`;
      try {
        const result = await tx.transaction((sp) =>
          submitBonusGuess(sp, {
            huntId: hunt.id,
            bonusId: null,
            userId: linked.id,
            xHundredths: Math.round(multiplier * 100),
            at: now,
            restriction: restrictionCheck('guess_the_balance', linked.id, now),
          }),
        );
        return `${to} your guess for ${result.slotName} is ${result.guess.multiplier}x.`;
      } catch (error) {
        if (error instanceof AppError) return `${to} ${error.message}`;
        throw error;
      }
    },
  },
];
