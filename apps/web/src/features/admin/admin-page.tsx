import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Admin">The overview, affiliates and leaderboard races will be managed here.</PagePlaceholder>;
}
