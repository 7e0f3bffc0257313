import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="VIP Rewards">The VIP tiers, ranks, promo code and rakeback claims will be here.</PagePlaceholder>;
}
