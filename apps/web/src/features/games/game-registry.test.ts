import { describe, expect, it } from 'vitest';
import { GAME_SLUGS } from '@app/shared/games/catalogue';
import { gameComponent, isGameBuilt } from './game-registry';

describe('game registry', () => {
  it('has a lazy component for every built game folder and none for the others', () => {
    for (const slug of ['dice', 'mines', 'limbo', 'keno', 'crash', 'plinko', 'duckduckgoose', 'roulette', 'blackjack'] as const) {
      expect(isGameBuilt(slug), slug).toBe(true);
      // React.lazy components are objects tagged with $$typeof Symbol(react.lazy)
      expect(String((gameComponent(slug) as unknown as { $$typeof: symbol }).$$typeof)).toBe('Symbol(react.lazy)');
    }
    for (const slug of ['dealornodeal'] as const) {
      expect(isGameBuilt(slug), slug).toBe(false);
      expect(gameComponent(slug)).toBeUndefined();
    }
    expect(GAME_SLUGS).toHaveLength(10);
  });
});
