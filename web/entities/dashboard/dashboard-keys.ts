export const dashboardKeys = {
  // Per local day: the counts of another day are another query.
  stats: (todayStart: string) => ['dashboard', 'stats', todayStart] as const,
};
