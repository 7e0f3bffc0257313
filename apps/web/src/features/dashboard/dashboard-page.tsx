import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Dashboard">Your rank, tickets, wagers, featured rewards, raffles, games and gadgets will be here.</PagePlaceholder>;
}
