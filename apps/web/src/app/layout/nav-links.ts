/** spec 1 §2: visitors see these; signed-in verified users also see the member links. */
export const visitorLinks = [
  { to: '/rewards', label: 'Rewards' },
  { to: '/leaderboard', label: 'Leaderboards' },
  { to: '/casino-reviews', label: 'Casino Reviews' },
] as const;

export const memberLinks = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/raffles', label: 'Raffles' },
  { to: '/predictions', label: 'Predictions' },
  { to: '/challenges', label: 'Challenges' },
] as const;

/**
 * What a member uses beyond the header's links: the header's "More" menu and the mobile menu list
 * these (one list, issue 42). Admin is in the account group for admins only (/admin keeps its guard).
 */
export const moreLinkGroups = [
  {
    label: 'Play',
    links: [
      { to: '/games', label: 'Games' },
      { to: '/slots', label: 'Slot Hub' },
      { to: '/bonus-hunts', label: 'Bonus Hunts' },
    ],
  },
  {
    label: 'Gadgets',
    links: [
      { to: '/gadgets/king-of-the-hill', label: 'King of the Hill' },
      { to: '/gadgets/mines-assist', label: 'Mines Assist' },
      { to: '/slots/picker', label: 'Random Slot Picker' },
      { to: '/how-to', label: "How-To's" },
    ],
  },
  {
    label: 'Account',
    links: [{ to: '/notifications', label: 'Notifications' }],
  },
] as const;

export const adminLink = { to: '/admin', label: 'Admin' } as const;

export type NavLinkItem = { to: string; label: string };

/** The "More" groups for this member: Admin joins the account group for admins only. */
export function moreGroupsFor(isAdmin: boolean): { label: string; links: NavLinkItem[] }[] {
  return moreLinkGroups.map((group) => ({
    label: group.label,
    links: group.label === 'Account' && isAdmin ? [...group.links, adminLink] : [...group.links],
  }));
}

/** Navigation state that opens the auth modal on a tab (spec 1 §2). */
export type AuthNavigationState = { openAuth: true; tab: 'login' | 'register'; from?: string };
