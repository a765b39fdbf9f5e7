import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { queryClient } from '@/api/query-client';
import { TourProvider } from '@/components/tour/TourProvider';
import { AppRoutes } from './routes';

// Nothing shows until the first toast: the toast library loads beside the first page, not before it.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <TourProvider>
          <AppRoutes />
        </TourProvider>
      </BrowserRouter>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
