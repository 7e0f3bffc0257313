import { z } from 'zod';

/**
 * Bonus hunts and Guess the Balance. Every amount of money (start balance, bets, wins, guesses,
 * the final balance) is an integer number of cents of the hunt's currency; points are whole points.
 */

const HUNT_STATUSES = ['collecting', 'opening', 'finished'] as const;
const HuntStatusSchema = z.enum(HUNT_STATUSES);
export type HuntStatus = z.infer<typeof HuntStatusSchema>;

export const HUNT_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
const GTB_MAX_WINNERS = 10;
export const HUNT_MAX_BONUSES = 500;

const Cents = z.number().int('Whole cents').nonnegative('Not negative').max(1_000_000_000_00, 'Too large');
const PositiveCents = z.number().int('Whole cents').positive('More than zero').max(1_000_000_00, 'Too large');

const ProviderAverageSchema = z.object({ provider: z.string(), opened: z.number().int(), averageX: z.number() });
/** The live figures (huntFigures in domain/bonus-hunt-stats.ts). */
const HuntFiguresSchema = z.object({
  totalCost: z.number().int(),
  collected: z.number().int(),
  opened: z.number().int(),
  totalBets: z.number().int(),
  wonSoFar: z.number().int(),
  profit: z.number().int(),
  averageX: z.number().nullable(),
  breakEvenX: z.number().nullable(),
  bestX: z.number().nullable(),
  worstX: z.number().nullable(),
  providers: z.array(ProviderAverageSchema),
});

const BonusSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  slotId: z.string().nullable(),
  slotName: z.string(),
  provider: z.string().nullable(),
  bet: z.number().int(),
  win: z.number().int().nullable(),
  multiplier: z.number().nullable(),
  /** Members' guesses of this bonus's × (taken while it is the next to open). */
  guessCount: z.number().int().nonnegative(),
  /** Once opened: who guessed the × best (closest, ties to the earliest), and by how much they missed. */
  bestGuess: z.object({ username: z.string(), multiplier: z.number(), difference: z.number() }).nullable(),
});
export type Bonus = z.infer<typeof BonusSchema>;

const HuntSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  casino: z.string(),
  currency: z.string(),
  startBalance: z.number().int(),
  status: HuntStatusSchema,
  /** Guess the Balance takes guesses now: collecting, and the admin has not closed it. */
  isGuessingOpen: z.boolean(),
  /** Points a guess costs (0: free). */
  entryCost: z.number().int().nonnegative(),
  /** Points prizes, first place first (1 to 10 winners). */
  prizes: z.array(z.number().int().positive()),
  finalBalance: z.number().int().nullable(),
  guessCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
  figures: HuntFiguresSchema,
});
export type HuntSummary = z.infer<typeof HuntSummarySchema>;

const GuessSchema = z.object({
  /** The guess's own id: a signed-in member finds theirs by `myGuess.id`. */
  id: z.string(),
  /** Masked like every public board unless the member opted in to show their name. */
  username: z.string(),
  amount: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  /** |amount − final balance| once finished. */
  difference: z.number().int().nullable(),
  /** 1.. for a winner. */
  place: z.number().int().positive().nullable(),
  prize: z.number().int().positive().nullable(),
});
export type Guess = z.infer<typeof GuessSchema>;

/** The guesses the hunt's read carries (closest first once finished); the rest page through GET .../guesses. */
export const HUNT_GUESSES_SHOWN = 100;
export const GUESSES_PAGE_SIZE = 500;

export const HuntDetailSchema = z.object({
  hunt: HuntSummarySchema,
  bonuses: z.array(BonusSchema),
  /**
   * Published once guessing locks (opening and finished), the first HUNT_GUESSES_SHOWN of them
   * (hunt.guessCount says how many there are); null while collecting.
   */
  guesses: z.array(GuessSchema).nullable(),
  /** The caller's own guess (signed in). */
  myGuess: z
    .object({ id: z.string(), amount: z.number().int(), at: z.iso.datetime({ offset: true }) })
    .nullable()
    .optional(),
  /** The caller's own guess of the next bonus's × (signed in, while the hunt is opening). */
  myBonusGuess: z
    .object({ bonusId: z.string(), multiplier: z.number(), at: z.iso.datetime({ offset: true }) })
    .nullable()
    .optional(),
});
export type HuntDetail = z.infer<typeof HuntDetailSchema>;
/** GET /api/bonus-hunts/:id/guesses?page= (from 1): every published guess, in the read's order. */
export const GuessPageQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export const GuessPageSchema = z.object({
  guesses: z.array(GuessSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type GuessPage = z.infer<typeof GuessPageSchema>;

export const HuntListSchema = z.object({ hunts: z.array(HuntSummarySchema) });
export type HuntList = z.infer<typeof HuntListSchema>;

/** PUT /api/bonus-hunts/:id/guess */
export const GuessInputSchema = z.strictObject({ amount: Cents });
export const GuessResultSchema = z.object({
  guess: z.object({ amount: z.number().int(), at: z.iso.datetime({ offset: true }) }),
  /** Points taken by this call (the entry cost the first time, else 0). */
  charged: z.number().int().nonnegative(),
});
export type GuessResult = z.infer<typeof GuessResultSchema>;

/** The highest × a bonus guess may name. */
const BONUS_GUESS_MAX_X = 100_000;

/** PUT /api/bonus-hunts/:id/bonuses/:bonusId/guess: the × (win ÷ bet), at most two decimals. Free. */
export const BonusGuessInputSchema = z.strictObject({
  multiplier: z
    .number('Enter a multiplier')
    .nonnegative('Not negative')
    .max(BONUS_GUESS_MAX_X, `At most ${BONUS_GUESS_MAX_X.toLocaleString('en-US')}x`)
    .refine((x) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6, { error: 'At most two decimals' }),
});
export const BonusGuessResultSchema = z.object({
  guess: z.object({ bonusId: z.string(), multiplier: z.number(), at: z.iso.datetime({ offset: true }) }),
});
export type BonusGuessResult = z.infer<typeof BonusGuessResultSchema>;

// --- Admin ---

export const HuntInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Enter a title').max(100, 'At most 100 characters'),
  casino: z.string().trim().min(1, 'Enter the casino').max(60, 'At most 60 characters'),
  currency: z.enum(HUNT_CURRENCIES).default('USD'),
  startBalance: PositiveCents,
  entryCost: z.number().int().min(0).max(1_000_000).default(0),
  prizes: z
    .array(z.number().int().positive('A prize is at least 1 point').max(10_000_000))
    .min(1, 'At least one prize')
    .max(GTB_MAX_WINNERS, `At most ${GTB_MAX_WINNERS} winners`),
});
export type HuntInput = z.input<typeof HuntInputSchema>;

/** A bonus from Slot Hub (slotId) or free text (slotName). */
export const BonusInputSchema = z
  .strictObject({
    slotId: z.uuid().optional(),
    slotName: z.string().trim().min(1).max(100).optional(),
    bet: PositiveCents,
  })
  .refine((b) => (b.slotId === undefined) !== (b.slotName === undefined), { error: 'Give a slot from Slot Hub or a name, not both' });
export type BonusInput = z.infer<typeof BonusInputSchema>;

/** PUT .../bonuses/:bonusId: the bet while collecting, the win once opening. */
export const BonusUpdateSchema = z
  .strictObject({ bet: PositiveCents.optional(), win: Cents.nullable().optional() })
  .refine((b) => b.bet !== undefined || b.win !== undefined, { error: 'Give a bet or a win' });
export type BonusUpdate = z.infer<typeof BonusUpdateSchema>;

export const BonusOrderSchema = z.strictObject({ ids: z.array(z.uuid()).min(1).max(HUNT_MAX_BONUSES) });
export const HuntStatusInputSchema = z.strictObject({ status: z.enum(['opening', 'finished']) });
/** PUT /api/admin/bonus-hunts/:id/guessing: close Guess the Balance before the opening (false), or open it again (true). */
export const HuntGuessingInputSchema = z.strictObject({ open: z.boolean({ error: 'open is true or false' }) });
export const BonusParamsSchema = z.strictObject({ id: z.uuid('Unknown hunt'), bonusId: z.uuid('Unknown bonus') });
