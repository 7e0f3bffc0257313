import { Check, ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { VIP_TIERS, formatUsd } from '@app/shared/domain/vip-tiers';
import { Carousel, CarouselContent, CarouselItem, CarouselNext, CarouselPrevious } from '@/components/ui/carousel';

/** The Levels carousel of the 8 VIP tiers with their unlock spend and perks (spec 2 §2, §9). */
export function VipLevelsCarousel() {
  return (
    <section aria-labelledby="vip-levels-title" className="mx-auto max-w-7xl px-4 py-12">
      <Carousel aria-label="VIP tiers" opts={{ align: 'start' }}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="vip-levels-title" className="text-2xl font-bold">
              Levels
            </h2>
            <p className="text-muted-foreground">Eight VIP tiers, each unlocked by your total spend.</p>
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
              <div className="flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm">
                <p className="text-sm text-muted-foreground">
                  Tier {i + 1} of {VIP_TIERS.length}
                </p>
                <h3 className="text-xl font-bold">{tier.name}</h3>
                <p className="mt-1 flex items-center gap-1.5 text-sm font-medium">
                  {tier.unlockSpend === 0 ? (
                    <Check className="size-4 text-success" aria-hidden="true" />
                  ) : (
                    <Lock className="size-4 text-muted-foreground" aria-hidden="true" />
                  )}
                  {tier.status}
                </p>
                <p className="mt-3 text-2xl font-extrabold text-primary tabular-nums">
                  {tier.unlockSpend === 0 ? 'Free' : formatUsd(tier.unlockSpend)}
                </p>
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
