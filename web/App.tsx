import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { TourProvider } from '@/components/tour/TourProvider';
import { afterHydration } from '@/lib/hydration';
import { AppRoutes } from './routes';

// Nothing shows until the first toast: the toast library loads beside the first page, not before it.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toast outlet, drawn once the page has hydrated: asking for its code (and the module
 * preloads the import adds to the head) is then a task of its own, not part of hydration's
 * first pass. No toast can come sooner: clicks wait for hydration (web/boot.ts).
 */
function ToastOutlet() {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => afterHydration(() => setDrawn(true)), []);
  return drawn ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

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
      <ToastOutlet />
    </QueryClientProvider>
  );
}
