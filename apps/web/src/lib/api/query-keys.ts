// The first segment of the caches that more than one feature reads or invalidates. Each endpoint's
// query options build their key on one of these, so one prefix refreshes a whole family: an admin
// edit of the store refetches the member's rewards and orders, a raffle entry or an admin draw every
// raffle list and detail.

export const storeQueryKey = ['store'] as const;

export const rafflesQueryKey = ['raffles'] as const;

export const levelRewardsQueryKey = ['level-rewards'] as const;

// Slot Hub and the bonus hunts: an admin edit refreshes the public pages and the picker.
export const slotsQueryKey = ['slots'] as const;

export const bonusHuntsQueryKey = ['bonus-hunts'] as const;
// King of the Hill: the member page and the admin screen (a decision there changes the king here).
export const kingOfTheHillQueryKey = ['king-of-the-hill'] as const;

// Challenges: the member page and the dashboard's carousel (a claim or an admin decision refreshes both).
export const challengesQueryKey = ['challenges'] as const;

// Interactive How-To's: progress, read again after any act that completes a step.
export const howToQueryKey = ['how-to'] as const;

export const notificationsQueryKey = ['notifications'] as const;

// Deal or No Deal's current round: the game page and the overlay (the live channel's `dond` events).
export const dealOrNoDealQueryKey = ['dealornodeal'] as const;

// The chat giveaways: the Giveaways tab of /raffles (the live channel's `giveaway` events).
export const giveawaysQueryKey = ['giveaways'] as const;
