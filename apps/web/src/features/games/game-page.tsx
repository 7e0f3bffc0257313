import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Game">The game, its toolbar, fairness seeds and the live bets table will be here.</PagePlaceholder>;
}
