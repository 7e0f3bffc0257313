import { Check, ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { VIP_TIERS, formatUsd, vipTierForWagerCents, type VipTier } from '@app/shared/domain/vip-tiers';
import { Carousel, CarouselContent, CarouselItem, CarouselNext, CarouselPrevious } from '@/components/ui/carousel';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useMembership, useMemberStanding, type MemberStanding } from './use-member-standing';

/**
 * The Levels carousel of the 8 VIP tiers with their unlock spend and perks (spec 2 §2, §9). A
 * member sees which tiers their verified wager has unlocked and which one is theirs;
 * a visitor sees each tier's own status text. While the session is restored, the status lines are
 * placeholders (no summary is asked for without a user), as while a member's wager loads.
 */
export function VipLevelsCarousel() {
  return useMembership() === 'visitor' ? <VipLevels standing={null} /> : <MemberVipLevels />;
}

function MemberVipLevels() {
  return <VipLevels standing={useMemberStanding()} />;
}

/** `standing` null: a visitor. A member's failed call falls back to the visitor's texts, which hold for everyone. */
function VipLevels({ standing }: { standing: MemberStanding | null }) {
  const current = standing?.status === 'ready' ? vipTierForWagerCents(Math.round(standing.totalWagered * 100)) : null;
  return (
    <section aria-labelledby="vip-levels-title" className="mx-auto max-w-7xl px-4 py-12">
      <Carousel aria-label="VIP tiers" opts={{ align: 'start' }}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="vip-levels-title" className="text-2xl font-bold">
              Levels
            </h2>
            <p className="text-muted-foreground">
              Eight VIP tiers, each unlocked by your total spend. A VIP tier is not your rank: ranks (Bronze 1 to Immortal 4, below) follow your XP.
            </p>
          </div>
          <div className="flex gap-2">
            <CarouselPrevious className="static translate-x-0 translate-y-0">
              <ChevronLabel direction="previous" />
            </CarouselPrevious>
            <CarouselNext className="static translate-x-0 translate-y-0">
              <ChevronLabel direction="next" />
            </CarouselNext>
          </div>
        </div>
        <CarouselContent className="mt-6">
          {VIP_TIERS.map((tier, i) => (
            <CarouselItem
              key={tier.name}
              aria-label={`${tier.name}, ${i + 1} of ${VIP_TIERS.length}`}
              className="basis-full sm:basis-1/2 lg:basis-1/3 xl:basis-1/4"
            >
              <div className={cn('flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm', tier === current && 'border-primary/60')}>
                <p className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                  VIP tier {i + 1} of {VIP_TIERS.length}
                  {tier === current && (
                    <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs leading-4 font-semibold text-foreground">Your tier</span>
                  )}
                </p>
                <h3 className="text-xl font-bold">{tier.name}</h3>
                <TierStatus tier={tier} current={current} isLoading={standing?.status === 'loading'} />
                <p className="mt-3 text-2xl font-extrabold text-primary tabular-nums">{tier.unlockSpend === 0 ? 'Free' : formatUsd(tier.unlockSpend)}</p>
                <p className="text-xs text-muted-foreground">Unlock spend</p>
                <ul className="mt-4 space-y-1.5 text-sm" aria-label={`${tier.name} perks`}>
                  {tier.perks.map((perk) => (
                    <li key={perk} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      {perk}
                    </li>
                  ))}
                </ul>
              </div>
            </CarouselItem>
          ))}
        </CarouselContent>
      </Carousel>
    </section>
  );
}

function TierStatus({ tier, current, isLoading }: { tier: VipTier; current: VipTier | null; isLoading: boolean }) {
  // One line in every state, so the cards keep their size while the member's wager loads.
  if (isLoading) return <Skeleton className="mt-1 h-5 w-40" />;
  const isUnlocked = current ? tier.unlockSpend <= current.unlockSpend : tier.unlockSpend === 0;
  return (
    <p className="mt-1 flex items-center gap-1.5 text-sm font-medium">
      {isUnlocked ? <Check className="size-4 text-success" aria-hidden="true" /> : <Lock className="size-4 text-muted-foreground" aria-hidden="true" />}
      {/* spec 2 §9: the tier's own status text ('Unlocked' for Rookie, 'Unlocks at $1,000 spent', ...). */}
      {isUnlocked ? 'Unlocked' : tier.status}
    </p>
  );
}

function ChevronLabel({ direction }: { direction: 'previous' | 'next' }) {
  return direction === 'previous' ? (
    <>
      <ChevronLeft aria-hidden="true" />
      <span className="sr-only">Previous tier</span>
    </>
  ) : (
    <>
      <ChevronRight aria-hidden="true" />
      <span className="sr-only">Next tier</span>
    </>
  );
}
