import { Gift, PackageOpen, Sparkles, TrendingUp, Trophy } from 'lucide-react';
import { HowItWorks } from '@/components/how-it-works';
import { MemberRewards } from './member-rewards';
import { VipLevelsCarousel } from './vip-levels-carousel';

/** /rewards (spec 2 §2): lootbox header, VIP levels, the signed-in rewards and How It Works. */
export default function RewardsPage() {
  return (
    <div>
      <LootboxHeader />
      <VipLevelsCarousel />
      <MemberRewards />
      <HowItWorks steps={STEPS} className="py-12" />
    </div>
  );
}

function LootboxHeader() {
  return (
    <section className="border-b bg-gradient-to-b from-primary/15 to-background">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-8 px-4 py-16 text-center md:flex-row md:text-left">
        <div className="flex-1">
          <p className="mb-3 inline-flex items-center gap-2 rounded-full border bg-background/60 px-3 py-1 text-sm text-muted-foreground">
            <Sparkles className="size-4 text-primary" aria-hidden="true" /> VIP Rewards
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Open your <span className="text-primary">daily lootbox</span>
          </h1>
          <p className="mt-4 max-w-xl text-lg text-muted-foreground">
            Every VIP tier comes with its own daily box, plus weekly and monthly cash prizes, boosted rakeback and reloads. The more you play with our partners,
            the better it gets.
          </p>
        </div>
        <div
          aria-hidden="true"
          className="flex size-40 items-center justify-center rounded-3xl border bg-card text-primary shadow-lg sm:size-48 [&_svg]:size-20"
        >
          <Gift />
        </div>
      </div>
    </section>
  );
}

const STEPS = [
  {
    icon: TrendingUp,
    title: 'Play with our partners',
    text: 'Every bet at a partner casino earns XP. Your XP decides your rank, from Bronze 1 up to Immortal 4.',
  },
  {
    icon: Trophy,
    title: 'Climb the ranks',
    text: 'Each of the 24 ranks raises your rakeback, and higher ranks unlock the weekly and monthly bonuses.',
  },
  {
    icon: PackageOpen,
    title: 'Collect your rewards',
    text: 'Claim instant rakeback, redeem promo codes, and open the daily box of your VIP tier.',
  },
] as const;
