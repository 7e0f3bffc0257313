import { Toaster } from '@/components/ui/sonner';
import { AppRouter } from './app-router';
import { AppRoutes } from './app-routes';

export function App() {
  return (
    <>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
      <Toaster />
    </>
  );
}
