// Every key starts with 'users', so a write invalidates one root and every view of users refreshes
// (the inspection dialog's technician list, ['users', 'list'], included).
export const userKeys = {
  all: ['users'] as const,
  directory: () => [...userKeys.all, 'directory'] as const,
  pending: () => [...userKeys.all, 'pending'] as const,
  invites: () => [...userKeys.all, 'invites'] as const,
  shopSettings: () => [...userKeys.all, 'shop-settings'] as const,
  data: (userId: string) => [...userKeys.all, 'data', userId] as const,
};
