// Every key starts with 'users', so a write invalidates one root and every view of users refreshes
// (the inspection dialog's technician list, the invite links and the shop settings included).
export const userKeys = {
  all: ['users'] as const,
  directory: () => [...userKeys.all, 'directory'] as const,
  technicians: () => [...userKeys.all, 'list'] as const,
  pending: () => [...userKeys.all, 'pending'] as const,
  data: (userId: string) => [...userKeys.all, 'data', userId] as const,
};
