import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { TourProvider } from '@/components/tour/TourProvider';
import { AppRoutes } from './routes';

// Nothing shows until the first toast: the toast library loads beside the first page, not before it.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

interface TAppProps {
  client: QueryClient;
  /** BrowserRouter in the browser; a StaticRouter at the requested address on the server. */
  router: ComponentType<{ children: ReactNode }>;
}

export function App({ client, router: Router }: TAppProps) {
  return (
    <QueryClientProvider client={client}>
      <Router>
        <TourProvider>
          <AppRoutes />
        </TourProvider>
      </Router>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
