import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES, GAME_SLUGS } from '@app/shared/games/catalogue';
import { DEFAULT_VERIFY_SETTINGS, VERIFY_GAMES, floatsNeeded, loadVerifiers, verifierOf, verifyRound } from './fairness/verify';
import { GAME_DEFINITIONS, gameDefinition } from './game-definitions';

beforeAll(loadVerifiers);

const SEEDS = { serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', clientSeed: 'bb62964774', nonce: 1 };

describe('game registry', () => {
  it('has a lazy component for every built game folder and none for the others', () => {
    for (const slug of ['dice', 'mines', 'limbo', 'keno', 'crash', 'plinko', 'duckduckgoose', 'roulette', 'blackjack', 'dealornodeal'] as const) {
      expect(gameDefinition(slug).Screen !== undefined, slug).toBe(true);
      // React.lazy components are objects tagged with $$typeof Symbol(react.lazy)
      expect(String((gameDefinition(slug).Screen as unknown as { $$typeof: symbol }).$$typeof)).toBe('Symbol(react.lazy)');
    }
    expect(GAME_SLUGS).toHaveLength(10);
  });

  it('has one definition for every catalogue game', () => {
    expect(GAME_DEFINITIONS.map((d) => d.game.slug).sort()).toEqual([...GAME_SLUGS].sort());
  });
});

const VERIFIED = GAME_DEFINITIONS.flatMap((d) => (d.verify ? [[d.game.slug, d.verify] as const] : []));

describe.each(GAME_DEFINITIONS.map((d) => [d.game.slug, d] as const))('%s definition', (slug, definition) => {
  it('carries its catalogue entry and its tile art', () => {
    expect(definition.game).toBe(GAMES.find((g) => g.slug === slug));
    expect(definition.art.tone).toMatch(/^from-\S+ to-\S+$/);
    expect(definition.art.icon).toBeTruthy();
  });

  it('is in the Verify tab exactly when the engine verifies it, and verified when it is playable', () => {
    expect(VERIFY_GAMES.some((g) => g.id === slug)).toBe(definition.verify !== undefined);
    if (definition.Screen) expect(definition.verify).toBeDefined();
  });
});

describe.each(VERIFIED)('%s verifier', (slug, verify) => {
  it('verifies a round with the defaults of its form', () => {
    for (const [key, value] of Object.entries(verify.defaults)) expect(DEFAULT_VERIFY_SETTINGS).toHaveProperty(key, value);
    for (const field of verifierOf(slug).fields ?? []) expect(verify.defaults).toHaveProperty(field.key);
    const n = floatsNeeded(slug, DEFAULT_VERIFY_SETTINGS);
    expect(Number.isInteger(n) && n >= 1).toBe(true);
    const result = verifyRound(slug, SEEDS, DEFAULT_VERIFY_SETTINGS);
    expect(result.outcome).not.toBe('');
    expect(result.floats).toHaveLength(n);
    expect(result.blocks.length).toBe(Math.ceil(n / 8));
  });
});
