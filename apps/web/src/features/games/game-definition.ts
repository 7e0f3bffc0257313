/**
 * What a game is to the rest of the app: its catalogue entry (spec 2 §3), its tile art, its screen and how the
 * Fairness dialog verifies its rounds. Each game folder exports one definition; game-definitions.ts lists them.
 */
import type { LucideIcon } from 'lucide-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { SeedInput } from '@app/shared/fairness/engine';
import { gameBySlug, type Game, type GameSlug } from '@app/shared/games/catalogue';

export type VerifySettingsShape = Record<string, unknown>;

/**
 * A field of the Verify tab for one of a game's settings (`key`). A number field sits beside the nonce and takes a
 * whole number from `min` to `max`; a text field is checked by `error`; a select offers `options`.
 */
export type VerifyField<K extends string = string> =
  | { kind: 'number'; key: K; label: string; min: number; max: number; hint?: string }
  | { kind: 'text'; key: K; label: string; hint: string; error: (text: string) => string | null }
  | { kind: 'select'; key: K; label: string; options: ReadonlyArray<{ value: string; label: string }> };

type VerifyOutcome = { outcome: string; detail?: string };

/** How the Verify tab recomputes a round of the game from its seeds and the settings of its form. */
export type Verifier<S extends VerifySettingsShape = VerifySettingsShape> = {
  /** How many floats one round consumes with these settings (the HMAC blocks shown follow from it); 1 when absent. */
  floats?(settings: S): number;
  outcome(seeds: SeedInput, settings: S): VerifyOutcome;
  fields?: ReadonlyArray<VerifyField<Extract<keyof S, string>>>;
};

export type VerifyDefinition<S extends VerifySettingsShape = VerifySettingsShape> = {
  /** The settings the form starts with (and the ones a game without fields is verified with). */
  defaults: S;
  /** The verifier's module: fetched with the Fairness dialog, not with the catalogue or the game. */
  load(): Promise<{ default: Verifier<S> }>;
};

export type GameDefinition<S extends VerifySettingsShape = VerifySettingsShape> = {
  game: Game;
  /** The decorative tile of the catalogue and the "More Games" cards: an icon on a gradient. */
  art: { icon: LucideIcon; tone: string };
  /** The playable screen, its own lazy chunk; none while the game is coming soon. */
  Screen?: LazyExoticComponent<ComponentType>;
  /** Shown in the game area instead of the usual coming-soon note (Deal Or No Deal is an image only, spec 2 §2). */
  Placeholder?: ComponentType;
  /** None for a game whose outcomes the engine does not compute yet. */
  verify?: VerifyDefinition<S>;
};

/** A game's definition, with its catalogue entry looked up by slug. */
export function defineGame<S extends VerifySettingsShape>(slug: GameSlug, definition: Omit<GameDefinition<S>, 'game'>): GameDefinition<S> {
  const game = gameBySlug(slug);
  if (!game) throw new Error(`No catalogue entry for the game ${slug}`);
  return { game, ...definition };
}
