import { PagePlaceholder } from '@/components/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Games">Every provably-fair game with its type, RTP and popular tag will be listed here.</PagePlaceholder>;
}
