/**
 * The list of games: adding a game is its folder (with its definition) and one line here. The catalogue pages, the
 * game area, the Fairness dialog's Verify tab and the table test over every game all read this list; the catalogue
 * entries themselves (spec 2 §3) stay in @app/shared/games/catalogue, which the dashboard and the e2e specs read too.
 */
import type { GameSlug } from '@app/shared/games/catalogue';
import { blackjackDefinition } from './blackjack/blackjack-definition';
import { crashDefinition } from './crash/crash-definition';
import { dealOrNoDealDefinition } from './deal-or-no-deal/deal-or-no-deal-definition';
import { diceDefinition } from './dice/dice-definition';
import { duckDuckGooseDefinition } from './duckduckgoose/duckduckgoose-definition';
import type { GameDefinition, VerifySettingsShape } from './game-definition';
import { kenoDefinition } from './keno/keno-definition';
import { limboDefinition } from './limbo/limbo-definition';
import { minesDefinition } from './mines/mines-definition';
import { plinkoDefinition } from './plinko/plinko-definition';
import { rouletteDefinition } from './roulette/roulette-definition';

/** In the order the Verify tab lists them (the order the games were built); the catalogue pages use spec 2 §3's. */
export const GAME_DEFINITIONS = [
  diceDefinition,
  limboDefinition,
  crashDefinition,
  kenoDefinition,
  minesDefinition,
  plinkoDefinition,
  rouletteDefinition,
  blackjackDefinition,
  duckDuckGooseDefinition,
  dealOrNoDealDefinition,
] as const;

type SettingsOf<D> = D extends GameDefinition<infer S> ? S : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every verifier's settings in one object (each game reads its own keys). */
export type VerifySettings = Intersection<SettingsOf<(typeof GAME_DEFINITIONS)[number]>>;

const BY_SLUG = new Map<GameSlug, GameDefinition>(
  GAME_DEFINITIONS.map((d): [GameSlug, GameDefinition] => [d.game.slug, d as GameDefinition<VerifySettingsShape>]),
);

/** The definition of a catalogue game (the table test checks that every catalogue game has one). */
export function gameDefinition(slug: GameSlug): GameDefinition {
  const definition = BY_SLUG.get(slug);
  if (!definition) throw new Error(`The game ${slug} has no definition in game-definitions.ts`);
  return definition;
}
