/**
 * The Verify tab's computation: game + seeds + settings → outcome text (contracts.md formats) and the steps
 * (each HMAC block in hex and the floats used). Pure, shared engine underneath; each game's definition says how
 * its round is recomputed.
 */
import { blocksForFloats, floats, hmacBlockHex, sha256Hex, type SeedInput } from '@app/shared/fairness/engine';
import type { GameSlug } from '@app/shared/games/catalogue';
import type { Verifier, VerifyDefinition } from '../game-definition';
import { GAME_DEFINITIONS, type VerifySettings } from '../game-definitions';

export type { VerifySettings };

/** The games the engine verifies, in the order of the game list. */
export const VERIFY_GAMES = GAME_DEFINITIONS.filter((d) => d.verify !== undefined).map((d) => ({ id: d.game.slug, label: d.game.title }));
export type VerifyGame = GameSlug;

export function isVerifyGame(v: string): v is VerifyGame {
  return VERIFY_GAMES.some((g) => g.id === v);
}

export const DEFAULT_VERIFY_SETTINGS = Object.assign({}, ...GAME_DEFINITIONS.map((d) => d.verify?.defaults)) as VerifySettings;

export type VerifyStep = { block: number; hex: string };
export type VerifyResult = {
  outcome: string;
  detail?: string;
  blocks: VerifyStep[];
  floats: number[];
  serverSeedHash: string;
};

const verifiers = new Map<GameSlug, Verifier>();

/**
 * Fetches every game's verifier (the definitions carry only a loader, so that the catalogue and the games do not
 * carry the verifiers); the Fairness dialog's chunk awaits it before it renders, and verifying is synchronous after.
 */
export async function loadVerifiers(): Promise<void> {
  await Promise.all(
    GAME_DEFINITIONS.map(async (d) => {
      if (d.verify && !verifiers.has(d.game.slug)) verifiers.set(d.game.slug, (await (d.verify as VerifyDefinition).load()).default);
    }),
  );
}

/** The verifier of a game; each reads its own keys of the settings. */
export function verifierOf(game: VerifyGame): Verifier {
  const verifier = verifiers.get(game);
  if (!verifier) throw new Error(`No verifier for ${game}: the engine does not verify it, or loadVerifiers() has not finished`);
  return verifier;
}

/** How many floats a game consumes for one round with these settings. */
export function floatsNeeded(game: VerifyGame, s: VerifySettings): number {
  return verifierOf(game).floats?.(s) ?? 1;
}

export function verifyRound(game: VerifyGame, seeds: SeedInput, settings: VerifySettings): VerifyResult {
  const n = floatsNeeded(game, settings);
  const blocks = Array.from({ length: blocksForFloats(n) }, (_, block) => ({ block, hex: hmacBlockHex(seeds, block) }));
  return { ...verifierOf(game).outcome(seeds, settings), blocks, floats: floats(seeds, n), serverSeedHash: sha256Hex(seeds.serverSeed) };
}
