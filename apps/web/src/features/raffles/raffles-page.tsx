import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Raffles">Discover exclusive giveaways and win big. The raffles you can enter with points will be listed here.</PagePlaceholder>;
}
