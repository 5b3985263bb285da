import { userKeys } from '@web/entities/users/user-keys';

export const shopSettingsKeys = {
  // Under the users root, so a user write refreshes it too.
  detail: () => [...userKeys.all, 'shop-settings'] as const,
};
