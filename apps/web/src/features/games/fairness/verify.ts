/**
 * The Verify tab's computation: game + seeds + settings → outcome text (contracts.md formats) and the steps
 * (each HMAC block in hex and the floats used). Pure, shared engine underneath.
 */
import { blocksForFloats, floats, hmacBlockHex, sha256Hex, type SeedInput } from '@app/shared/fairness/engine';
import {
  crashPoint,
  diceRoll,
  kenoDraw,
  limboResult,
  minePositions,
} from '@app/shared/fairness/outcomes';
import type { DdgDifficulty } from '@app/shared/fairness/duck-duck-goose';
import type { PlinkoRisk } from '@app/shared/fairness/payouts';
import { formatMultiplier } from '../format';
import { verifyBlackjack } from './verify-blackjack';
import { verifyDuckDuckGoose } from './verify-duck-duck-goose';
import { verifyPlinko } from './verify-plinko';
import { verifyRoulette } from './verify-roulette';

export const VERIFY_GAMES = [
  { id: 'dice', label: 'Dice' },
  { id: 'limbo', label: 'Limbo' },
  { id: 'crash', label: 'Crash' },
  { id: 'keno', label: 'Keno' },
  { id: 'mines', label: 'Mines' },
  { id: 'plinko', label: 'Plinko' },
  { id: 'roulette', label: 'Roulette' },
  { id: 'blackjack', label: 'Blackjack' },
  { id: 'duckduckgoose', label: 'Duck Duck Goose' },
] as const;
export type VerifyGame = (typeof VERIFY_GAMES)[number]['id'];

export function isVerifyGame(v: string): v is VerifyGame {
  return VERIFY_GAMES.some((g) => g.id === v);
}

export type VerifySettings = {
  mines: number;
  rows: number;
  risk: PlinkoRisk;
  /** Blackjack: how many cards of the deal order to show. */
  cards: number;
  /** Duck Duck Goose: the difficulty and how many hunts of the round to play (a duck ends it earlier). */
  difficulty: DdgDifficulty;
  hunts: number;
  /** Roulette: the bets on the table as the game shows them (`17:0.10, red:0.50`); empty shows the pocket only. */
  rouletteBets: string;
  /** Blackjack: the player's actions as the game shows them (`hit, stand`, `none`); empty lists the cards only. */
  blackjackActions: string;
};

export const DEFAULT_VERIFY_SETTINGS: VerifySettings = {
  mines: 3,
  rows: 8,
  risk: 'low',
  cards: 10,
  difficulty: 'medium',
  hunts: 1,
  rouletteBets: '',
  blackjackActions: '',
};

export type VerifyStep = { block: number; hex: string };
export type VerifyResult = {
  outcome: string;
  detail?: string;
  blocks: VerifyStep[];
  floats: number[];
  serverSeedHash: string;
};


/** How many floats a game consumes for one round with these settings. */
export function floatsNeeded(game: VerifyGame, s: VerifySettings): number {
  switch (game) {
    case 'keno':
      return 10;
    case 'mines':
      return s.mines;
    case 'plinko':
      return s.rows;
    case 'blackjack':
      return s.cards;
    case 'duckduckgoose':
      return s.hunts;
    default:
      return 1;
  }
}

function outcomeOf(game: VerifyGame, seeds: SeedInput, s: VerifySettings): { outcome: string; detail?: string } {
  switch (game) {
    case 'dice':
      return { outcome: `Roll ${diceRoll(seeds).toFixed(4)}` };
    case 'limbo':
      return { outcome: `Result ${formatMultiplier(limboResult(seeds))}` };
    case 'crash':
      return { outcome: `Crash point ${formatMultiplier(crashPoint(seeds))}` };
    case 'keno':
      return { outcome: `Drawn ${kenoDraw(seeds).join(', ')}` };
    case 'mines':
      return { outcome: `Mines at ${minePositions(seeds, s.mines).join(', ')}`, detail: 'Tiles 0–24, row by row from the top left, in draw order.' };
    case 'plinko':
      return verifyPlinko(seeds, s.rows, s.risk);
    case 'roulette':
      return verifyRoulette(seeds, s.rouletteBets);
    case 'blackjack':
      return verifyBlackjack(seeds, s.cards, s.blackjackActions);
    case 'duckduckgoose':
      return verifyDuckDuckGoose(seeds, s.difficulty, s.hunts);
  }
}

export function verifyRound(game: VerifyGame, seeds: SeedInput, settings: VerifySettings): VerifyResult {
  const n = floatsNeeded(game, settings);
  const blocks = Array.from({ length: blocksForFloats(n) }, (_, block) => ({ block, hex: hmacBlockHex(seeds, block) }));
  return { ...outcomeOf(game, seeds, settings), blocks, floats: floats(seeds, n), serverSeedHash: sha256Hex(seeds.serverSeed) };
}
