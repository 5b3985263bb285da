import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toast';
import { TooltipProvider } from '../components/ui/tooltip';
import { createQueryClient } from '../lib/query-client';
import { UpdatePrompt } from './pwa/update-prompt';
import { OfflineProvider } from '../features/sync/offline-provider';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineProvider>
        <TooltipProvider>
          {children}
          <Toaster />
          <UpdatePrompt />
        </TooltipProvider>
      </OfflineProvider>
    </QueryClientProvider>
  );
}
