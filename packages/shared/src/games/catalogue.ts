/**
 * The game catalogue (spec 2 §3 "Game catalogue entry"): slug, title, provider, type, popular, rtp (text).
 * The spec does not show the provider per game; all ten are our own "Originals".
 */
export const GAME_SLUGS = ['dice', 'mines', 'plinko', 'dealornodeal', 'duckduckgoose', 'roulette', 'limbo', 'keno', 'blackjack', 'crash'] as const;
export type GameSlug = (typeof GAME_SLUGS)[number];

export type GameType = 'Table' | 'Crash' | 'Arcade' | 'Game Show' | 'Lottery';

export type Game = {
  slug: GameSlug;
  title: string;
  provider: string;
  type: GameType;
  rtp: string;
  popular: boolean;
};

const GAME_PROVIDER = 'Originals';

export const GAMES: readonly Game[] = [
  { slug: 'dice', title: 'Dice', provider: GAME_PROVIDER, type: 'Table', rtp: '97.5%', popular: false },
  { slug: 'mines', title: 'Mines', provider: GAME_PROVIDER, type: 'Crash', rtp: '98%', popular: true },
  { slug: 'plinko', title: 'Plinko', provider: GAME_PROVIDER, type: 'Arcade', rtp: '96%', popular: false },
  { slug: 'dealornodeal', title: 'Deal Or No Deal', provider: GAME_PROVIDER, type: 'Game Show', rtp: '96.8%', popular: true },
  { slug: 'duckduckgoose', title: 'Duck Duck Goose', provider: GAME_PROVIDER, type: 'Arcade', rtp: '97%', popular: false },
  { slug: 'roulette', title: 'Roulette', provider: GAME_PROVIDER, type: 'Table', rtp: '99.1%', popular: true },
  { slug: 'limbo', title: 'Limbo', provider: GAME_PROVIDER, type: 'Crash', rtp: '98%', popular: false },
  { slug: 'keno', title: 'Keno', provider: GAME_PROVIDER, type: 'Lottery', rtp: '94%', popular: false },
  { slug: 'blackjack', title: 'Blackjack', provider: GAME_PROVIDER, type: 'Table', rtp: '99.5%', popular: true },
  { slug: 'crash', title: 'Crash', provider: GAME_PROVIDER, type: 'Crash', rtp: '98%', popular: true },
];

export function isGameSlug(slug: string): slug is GameSlug {
  return (GAME_SLUGS as readonly string[]).includes(slug);
}

export function gameBySlug(slug: string): Game | undefined {
  return GAMES.find((g) => g.slug === slug);
}
