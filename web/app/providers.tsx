import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { toast, Toaster } from '../components/ui/toast';
import { TooltipProvider } from '../components/ui/tooltip';
import { installNotifier } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { UpdatePrompt } from './pwa/update-prompt';
import { OfflineProvider } from '../features/sync/offline-provider';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // The shared form hooks' notices show as toasts.
  useEffect(() => installNotifier(toast), []);
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
