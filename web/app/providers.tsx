import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@web/components/ui/toast';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { createQueryClient } from '@web/lib/query-client';
import { UpdatePrompt } from './pwa/update-prompt';
import { OfflineProvider } from '@web/features/sync/offline-provider';

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
