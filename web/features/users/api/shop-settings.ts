import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ShopSettings, shopSettingsBody } from '../../../../shared/schemas/shop-settings';
import { api } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/shop-settings: the shop-wide "Open sign-up" switch and the approval signature rule. */
export const getShopSettings = (signal?: AbortSignal) => api.get<ShopSettings>('/api/shop-settings', { signal });

export const shopSettingsQueryOptions = () =>
  queryOptions({ queryKey: userKeys.shopSettings(), queryFn: ({ signal }) => getShopSettings(signal) });

export const useShopSettings = () => useQuery(shopSettingsQueryOptions());

/** Settings left out keep their values; `openSignUp` is always sent. */
export const updateShopSettings = (body: z.input<typeof shopSettingsBody>) => api.put<ShopSettings>('/api/shop-settings', body);

export function useUpdateShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShopSettings,
    onSuccess: (settings) => queryClient.setQueryData(userKeys.shopSettings(), settings),
    // The Sign Up tab reads the same switch through the app config.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auth', 'config'] }),
  });
}
