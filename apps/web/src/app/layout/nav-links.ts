/** spec 1 §2: visitors see these; signed-in verified users also see the member links. */
export const visitorLinks = [
  { to: '/rewards', label: 'Rewards' },
  { to: '/leaderboard', label: 'Leaderboards' },
  { to: '/casino-reviews', label: 'Casino Reviews' },
] as const;

export const memberLinks = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/raffles', label: 'Raffles' },
  { to: '/challenges', label: 'Challenges' },
] as const;

/** Navigation state that opens the auth modal on a tab (spec 1 §2). */
export type AuthNavigationState = { openAuth: true; tab: 'login' | 'register'; from?: string };
