import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Monthly Leaderboard">The monthly wager race with its podium, countdown and prizes will be here.</PagePlaceholder>;
}
