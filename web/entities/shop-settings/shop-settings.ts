import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopSettings, ShopSettingsBody } from '@shared/schemas/shop-settings';
import { api } from '@web/lib/api-client';
import { appConfigKeys } from '@web/entities/app-config/app-config-keys';
import { shopSettingsKeys } from './shop-settings-keys';

/** GET /api/shop-settings: the shop-wide "Open sign-up" switch, the approval signature rule and the unviewed-report alert time. */
export const getShopSettings = (signal?: AbortSignal) => api.get<ShopSettings>('/api/shop-settings', { signal });

export const shopSettingsQueryOptions = () =>
  queryOptions({ queryKey: shopSettingsKeys.detail(), queryFn: ({ signal }) => getShopSettings(signal) });

export const useShopSettings = () => useQuery(shopSettingsQueryOptions());

/** Settings left out keep their values, so each screen sends only the one it changes. */
export const updateShopSettings = (body: ShopSettingsBody) => api.put<ShopSettings>('/api/shop-settings', body);

export function useUpdateShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShopSettings,
    onSuccess: (settings) => queryClient.setQueryData(shopSettingsKeys.detail(), settings),
    // The Sign Up tab reads the same switch through the app config.
    onSettled: () => queryClient.invalidateQueries({ queryKey: appConfigKeys.detail() }),
  });
}
