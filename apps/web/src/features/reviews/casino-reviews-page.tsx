import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Casino Reviews">A directory of partner casinos with ratings, bonuses and details will be here.</PagePlaceholder>;
}
