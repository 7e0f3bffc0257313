import { QueryClientProvider } from '@tanstack/react-query';
import { onLogout } from '@/lib/session';
import { createQueryClient } from './query-client';
import { PageRoutes, preloadPage } from './router';

// One client for the whole visit, created with this chunk: the landing page does not load
// TanStack Query at all (issue 14). A logout empties it, so no data of one user is shown to the next.
const queryClient = createQueryClient();
onLogout(() => queryClient.clear());

/** Fetches the chunk of the page at `pathname`: the entry asks through this chunk (app-routes.tsx). */
export { preloadPage };

/** Every page after the landing page, with the query client they fetch through. */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <PageRoutes />
    </QueryClientProvider>
  );
}
