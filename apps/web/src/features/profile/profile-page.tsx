import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Profile">Your level, points, casino accounts, history and settings will be here.</PagePlaceholder>;
}
