import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '@/api/query-client';
import { TourProvider } from '@/components/tour/TourProvider';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AppRoutes } from './routes';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <TooltipProvider delayDuration={300}>
          <TourProvider>
            <AppRoutes />
          </TourProvider>
        </TooltipProvider>
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
