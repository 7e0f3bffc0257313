import { z } from 'zod';

/**
 * Interactive How-To's (spec 1 §2 gadgets): guides whose steps check off from the member's real state,
 * computed on the server. Finishing Get started earns a one-time points bonus (through the ledger).
 */

export const HOW_TO_GUIDES = [
  { id: 'get-started', title: 'Get started', steps: ['verify-email', 'complete-profile', 'link-casino', 'link-kick'] },
  { id: 'earn-and-spend', title: 'Earn and spend', steps: ['earn-points', 'redeem-store', 'enter-raffle'] },
  { id: 'check-fair', title: "Check it's fair", steps: ['verify-round', 'verify-draw'] },
] as const;

export type HowToGuideId = (typeof HOW_TO_GUIDES)[number]['id'];
export type HowToStepId = (typeof HOW_TO_GUIDES)[number]['steps'][number];

/**
 * The steps done in the browser that leave no other trace on the server: the page records them when
 * the member's own verification has run (never a "mark done" button).
 */
const HOW_TO_REPORTED_STEPS = ['verify-round', 'verify-draw'] as const;
export type HowToReportedStep = (typeof HOW_TO_REPORTED_STEPS)[number];

export const HOW_TO_DEFAULT_BONUS_POINTS = 500;

const HowToStepStateSchema = z.object({ id: z.string(), isDone: z.boolean() });

/** GET /api/how-to: every guide's steps with their state, and the Get started bonus. */
export const HowToProgressSchema = z.object({
  guides: z.array(z.object({ id: z.string(), steps: z.array(HowToStepStateSchema), isDone: z.boolean() })),
  bonus: z.object({
    points: z.number().int().nonnegative(),
    /** When the bonus was credited; null until Get started is finished. */
    creditedAt: z.iso.datetime({ offset: true }).nullable(),
  }),
});
export type HowToProgress = z.infer<typeof HowToProgressSchema>;

/** POST /api/how-to/steps/:step: a browser-only step just done (the verifier ran). */
export const HowToStepParamsSchema = z.strictObject({
  step: z.enum(HOW_TO_REPORTED_STEPS, { error: 'That step is checked from your account, not reported' }),
});

/** GET/PUT /api/admin/how-to/settings */
export const HowToSettingsSchema = z.strictObject({
  bonusPoints: z
    .number({ error: 'Points must be a whole number' })
    .int('Points must be a whole number')
    .min(0, 'Points cannot be negative')
    .max(1_000_000, 'Points are too many'),
});
export type HowToSettings = z.infer<typeof HowToSettingsSchema>;
