import { Toaster } from '@/components/ui/sonner';
import { AppRouter } from './app-router';
import { AppRoutes } from './router';

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
