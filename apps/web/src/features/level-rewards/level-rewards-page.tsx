import { Check, Gift, Lock, PackageX, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { LEVEL_REWARDS_EMPTY, type LevelReward } from '@app/shared/api/level-rewards';
import { XP_EXPLAINED } from '@app/shared/domain/ranks';
import { QueryLoading } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useLevelRewards } from '@/lib/api/get-level-rewards';
import { useClaimLevelReward } from './api/claim-level-reward';
import { useMyLevelRewards, type MyLevelRewards } from './api/get-my-level-rewards';

const formatPoints = (n: number) => n.toLocaleString('en-US');

/** /levelup-rewards (spec 2 §2): the rewards an admin set per level; a signed-in user claims each reached one once. */
export default function LevelRewardsPage() {
  const rewards = useLevelRewards();
  const { user, reloadUser } = useSession();
  const mine = useMyLevelRewards(user?.id ?? null);
  const claim = useClaimLevelReward();

  const onClaim = async (reward: LevelReward) => {
    try {
      const result = await claim.mutateAsync(reward.level);
      toast({
        title: 'Reward Claimed',
        description:
          result.points !== null
            ? `+${formatPoints(result.points)} points for ${reward.levelName}`
            : `${result.itemName ?? reward.title} for ${reward.levelName}: your order is pending until we deliver it.`,
      });
      void reloadUser();
    } catch (e) {
      toast({ title: 'Claim failed', description: errorMessage(e, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="levelup-title" className="mx-auto max-w-5xl px-4 py-16">
      <h1 id="levelup-title" className="text-center text-4xl font-extrabold tracking-tight">
        Level Up Rewards
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-muted-foreground">
        Each new level you reach can unlock a reward of its own. Your level is your rank (Bronze 1 is level 1, Immortal 4 level 24). {XP_EXPLAINED}
      </p>
      {rewards.isPending ? (
        <QueryLoading layout="section" className="mt-10 justify-center py-0" label="Loading rewards…" />
      ) : rewards.isError || rewards.data.length === 0 ? (
        // spec 2 §8's sentence when the rewards cannot be read; an empty list says so as it is
        // (a fresh install seeds levels 2..24, so it is empty only when an admin removed them all).
        <div className="mx-auto mt-10 flex max-w-md flex-col items-center rounded-xl border border-dashed bg-card p-10 text-center">
          <PackageX className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-4 font-medium">{LEVEL_REWARDS_EMPTY}</p>
        </div>
      ) : (
        <>
          {!user && (
            <p className="mt-6 text-center text-sm">
              <Link
                to="/"
                state={{ openAuth: true, tab: 'login', from: '/levelup-rewards' }}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Sign in
              </Link>{' '}
              to claim the rewards of the levels you reach.
            </p>
          )}
          <LevelRewardsList
            rewards={rewards.data}
            mine={user ? (mine.data ?? null) : null}
            signedIn={user !== null}
            claimingLevel={claim.isPending ? claim.variables : null}
            onClaim={(r) => void onClaim(r)}
          />
        </>
      )}
    </section>
  );
}

type ListProps = {
  rewards: readonly LevelReward[];
  mine: MyLevelRewards | null;
  signedIn: boolean;
  claimingLevel: number | null | undefined;
  onClaim: (reward: LevelReward) => void;
};

export function LevelRewardsList({ rewards, mine, signedIn, claimingLevel, onClaim }: ListProps) {
  const sorted = [...rewards].sort((a, b) => a.level - b.level);
  return (
    <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {sorted.map((reward) => {
        const claimed = mine?.claimed.includes(reward.level) ?? false;
        const reached = mine !== null && mine.level >= reward.level;
        const unavailable = reward.item !== null && (!reward.item.active || reward.item.stock === 0);
        return (
          <li key={reward.level} className="flex flex-col rounded-xl border bg-card p-5 shadow-sm">
            <p className="text-sm font-semibold text-primary">
              Level {reward.level} · {reward.levelName}
            </p>
            <h2 className="mt-1 text-lg font-bold">{reward.title}</h2>
            {reward.item ? (
              <div className="mt-4 flex-1">
                <p className="flex items-center gap-2 font-semibold">
                  <ShoppingBag className="size-4 text-primary" aria-hidden="true" /> {reward.item.name}
                </p>
                <p className="mt-1 text-sm text-muted-foreground">
                  Store item, free: claiming it places an order.
                  {reward.item.stock !== null && reward.item.stock > 0 ? ` ${formatPoints(reward.item.stock)} left.` : ''}
                </p>
              </div>
            ) : (
              <p className="mt-4 flex flex-1 items-center gap-2 font-semibold">
                <Gift className="size-4 text-primary" aria-hidden="true" /> {formatPoints(reward.points ?? 0)} points
              </p>
            )}
            {signedIn && mine && (
              <div className="mt-4">
                {claimed ? (
                  <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                    <Check className="size-4" aria-hidden="true" /> Claimed
                  </p>
                ) : reached && unavailable ? (
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    <PackageX className="size-4" aria-hidden="true" /> Out of stock
                  </p>
                ) : reached ? (
                  <Button
                    className="w-full"
                    onClick={() => onClaim(reward)}
                    disabled={claimingLevel !== null && claimingLevel !== undefined}
                    aria-label={`Claim ${reward.title} for ${reward.levelName}`}
                  >
                    {claimingLevel === reward.level ? 'Claiming…' : 'Claim'}
                  </Button>
                ) : (
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    <Lock className="size-4" aria-hidden="true" /> Reach {reward.levelName} to claim
                  </p>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
