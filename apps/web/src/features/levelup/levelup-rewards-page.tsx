import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Level Up Rewards">The rewards you unlock as you level up will be here.</PagePlaceholder>;
}
