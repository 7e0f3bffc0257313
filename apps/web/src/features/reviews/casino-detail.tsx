import { Check, Clock, ExternalLink, Gamepad2, Gift, ShieldCheck, X } from 'lucide-react';
import { useId } from 'react';
import { ratingPercent, type CasinoReview, type RatingDetails } from '@app/shared/domain/casino-reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { StarRating } from './star-rating';

// spec 2 §2: the five Rating Details bars, in this order.
const RATING_BARS: readonly (readonly [keyof RatingDetails, string])[] = [
  ['games', 'Games Selection'],
  ['bonuses', 'Bonuses & Promotions'],
  ['support', 'Customer Support'],
  ['payouts', 'Payouts Speed'],
  ['user_experience', 'User Experience'],
];

const count = new Intl.NumberFormat('en-US');

/** The detail panel of one casino (spec 2 §2). */
export function CasinoDetail({ casino }: { casino: CasinoReview }) {
  const titleId = useId();
  const { details, detailedBonuses, vipFeatures } = casino;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-start gap-4">
        <img src={casino.logo} alt="" width={64} height={64} className="size-16 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-2xl font-bold">
            {casino.name}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <StarRating rating={casino.rating} />
            <span className="text-muted-foreground">Rank #{casino.rank}</span>
            <Badge variant="secondary">{casino.category}</Badge>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">{casino.description}</p>
        </div>
        <Button asChild className="w-full sm:w-auto">
          {/* A new window that cannot reach back into this page (noopener) nor learn where it came from (noreferrer). */}
          <a href={casino.website} target="_blank" rel="noopener noreferrer">
            Visit Casino <ExternalLink aria-hidden="true" />
            <span className="sr-only"> (opens in a new window)</span>
          </a>
        </Button>
      </header>

      <section aria-labelledby={`${titleId}-ratings`} className="mt-6">
        <h3 id={`${titleId}-ratings`} className="font-semibold">
          Rating Details
        </h3>
        <ul className="mt-3 space-y-3">
          {RATING_BARS.map(([key, label]) => {
            const percent = ratingPercent(details.ratingDetails[key]);
            return (
              <li key={key}>
                <div className="flex justify-between text-sm">
                  <span>{label}</span>
                  <span className="tabular-nums text-muted-foreground">{percent}%</span>
                </div>
                <Progress className="mt-1" value={percent} label={label} />
              </li>
            );
          })}
        </ul>
      </section>

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile icon={<Gift />} term="Bonuses" value={`${casino.bonuses.length} offers`} />
        <Tile icon={<Clock />} term="Withdrawal Time" value={details.withdrawalTime} />
        <Tile icon={<ShieldCheck />} term="License" value={details.license} />
        <Tile icon={<Gamepad2 />} term="Games" value={`${count.format(details.games)}+`} note={`${count.format(details.providers)} providers`} />
      </dl>

      <Tabs defaultValue="bonuses" className="mt-6">
        <TabsList aria-label={`${casino.name} details`} className="w-full">
          <TabsTrigger value="bonuses">Bonuses</TabsTrigger>
          <TabsTrigger value="pros-cons">Pros &amp; Cons</TabsTrigger>
          <TabsTrigger value="details">Details</TabsTrigger>
        </TabsList>
        <TabsContent value="bonuses" className="pt-2">
          <ul className="space-y-2">
            {casino.bonuses.map((bonus) => (
              <li key={bonus} className="flex items-start gap-2 text-sm">
                <Gift className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" /> {bonus}
              </li>
            ))}
          </ul>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
            <Fact term="Welcome Bonus" value={detailedBonuses.welcomeBonus} />
            <Fact term="Lossback" value={detailedBonuses.lossback} />
            <Fact term="Rakeback" value={detailedBonuses.rakeback} />
            <Fact term="Free Spins" value={detailedBonuses.freespins} />
            <Fact term="VIP Program" value={detailedBonuses.vipProgram} />
          </dl>
        </TabsContent>
        <TabsContent value="pros-cons" className="pt-2">
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="font-semibold text-success">Pros</h3>
              <ul className="mt-2 space-y-2 text-sm">
                {casino.pros.map((pro) => (
                  <li key={pro} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" /> {pro}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="font-semibold text-destructive">Cons</h3>
              <ul className="mt-2 space-y-2 text-sm">
                {casino.cons.map((con) => (
                  <li key={con} className="flex items-start gap-2">
                    <X className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" /> {con}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </TabsContent>
        <TabsContent value="details" className="pt-2">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Fact term="Founded" value={String(details.founded)} />
            <Fact term="License" value={details.license} />
            <Fact term="Games" value={`${count.format(details.games)}+ from ${count.format(details.providers)} providers`} />
            <Fact term="Withdrawal Time" value={details.withdrawalTime} />
            <Fact term="Languages" value={details.languages.join(', ')} />
            <Fact term="Currencies" value={details.currencies.join(', ')} />
            <Fact term="VIP Levels" value={String(vipFeatures.vipLevels)} />
            <Fact term="VIP Host" value={vipFeatures.hasVipHost ? 'Yes' : 'No'} />
            <Fact term="VIP Host Details" value={vipFeatures.vipHostDetails} wide />
            <Fact term="VIP Benefits" value={vipFeatures.vipBenefits.join(', ')} wide />
          </dl>
        </TabsContent>
      </Tabs>
    </article>
  );
}

type TileProps = { icon: React.ReactNode; term: string; value: string; note?: string };

function Tile({ icon, term, value, note }: TileProps) {
  return (
    <div className="rounded-lg border bg-background p-3">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-4">
        <span aria-hidden="true">{icon}</span>
        {term}
      </dt>
      <dd className="mt-1 font-semibold">
        {value}
        {note ? <span className="block text-xs font-normal text-muted-foreground">{note}</span> : null}
      </dd>
    </div>
  );
}

function Fact({ term, value, wide = false }: { term: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
