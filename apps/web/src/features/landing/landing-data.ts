// spec 1 §2 and §9: sample data shown on the landing page. The race's top 5 is the server's
// (race-standings.tsx), no longer the spec's sample rows.
export const landingStats = [
  { value: '$250K+', label: 'Monthly Rewards' },
  { value: '15K+', label: 'Active Players' },
  { value: '5', label: 'Exclusive Partners' },
  { value: '24/7', label: 'Support' },
] as const;

export const gadgets = [
  { title: "Interactive How-To's", text: 'Step-by-step guides for every partner casino and promotion.' },
  { title: 'Mines Assist', text: 'Work out the odds and multipliers of every mines board.' },
  { title: 'Slot Hub', text: 'RTP, volatility and max wins of popular slots in one place.' },
  { title: 'Bonus Hunt Tracker', text: 'Track your bonus hunts, buys and results.' },
  { title: 'King of the Hill', text: 'A VIP-only challenge for the top players of the stream.' },
  { title: 'Random Slot Picker', text: 'Cannot decide? Let the picker choose your next slot.' },
] as const;
