import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { onLogout } from '@/lib/session';
import { createQueryClient } from './query-client';

// One client for the whole visit, created with this chunk: the landing page does not load
// TanStack Query at all (issue 14). A logout empties it, so no data of one user is shown to the next.
const queryClient = createQueryClient();
onLogout(() => queryClient.clear());

/** The pages that fetch with TanStack Query sit below this layout. */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
