import { Gift, PackageX } from 'lucide-react';

export type LevelUpReward = {
  id: string;
  /** The level (1..24) that unlocks the reward. */
  level: number;
  title: string;
  description: string;
  /** What the player receives, e.g. '$25 bonus'. */
  reward: string;
};

// spec 2 §2: the list is currently empty, so the page shows 'Rewards are temporarily unavailable.'
export const LEVEL_UP_REWARDS: readonly LevelUpReward[] = [];

/** /levelup-rewards (spec 2 §2). */
export default function LevelUpRewardsPage() {
  return <LevelUpRewards rewards={LEVEL_UP_REWARDS} />;
}

export function LevelUpRewards({ rewards }: { rewards: readonly LevelUpReward[] }) {
  const sorted = [...rewards].sort((a, b) => a.level - b.level);
  return (
    <section aria-labelledby="levelup-title" className="mx-auto max-w-5xl px-4 py-16">
      <h1 id="levelup-title" className="text-center text-4xl font-extrabold tracking-tight">
        Level Up Rewards
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-muted-foreground">
        Each new level you reach can unlock a reward of its own.
      </p>
      {sorted.length === 0 ? (
        <div className="mx-auto mt-10 flex max-w-md flex-col items-center rounded-xl border border-dashed bg-card p-10 text-center">
          <PackageX className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-4 font-medium">Rewards are temporarily unavailable.</p>
        </div>
      ) : (
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sorted.map((reward) => (
            <li key={reward.id} className="flex flex-col rounded-xl border bg-card p-5 shadow-sm">
              <p className="text-sm font-semibold text-primary">Level {reward.level}</p>
              <h2 className="mt-1 text-lg font-bold">{reward.title}</h2>
              <p className="mt-1 flex-1 text-sm text-muted-foreground">{reward.description}</p>
              <p className="mt-4 flex items-center gap-2 font-semibold">
                <Gift className="size-4 text-primary" aria-hidden="true" /> {reward.reward}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
