import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { useSpotlightFromLocation } from '@/lib/spotlight';
import { PageRoutes, preloadPage } from './router';

/** Fetches the chunk of the page at `pathname`: the entry asks through this chunk (app-routes.tsx). */
export { preloadPage };

/** Every page after the landing page, with the query client they fetch through. */
export default function QueryLayout() {
  // The Interactive How-To's point at a control on the page they open.
  useSpotlightFromLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <PageRoutes />
    </QueryClientProvider>
  );
}
