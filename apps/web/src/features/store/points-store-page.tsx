import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Points Store">Redeem your points for exclusive rewards. Your balance, the rewards and your purchase history will be here.</PagePlaceholder>;
}
