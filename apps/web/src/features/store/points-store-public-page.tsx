import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Points Store">Redeem your points for exclusive rewards. The catalogue will be shown here.</PagePlaceholder>;
}
