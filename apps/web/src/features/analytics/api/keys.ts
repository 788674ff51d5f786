/** Query keys of mapping analytics. */
export const analyticsKeys = {
  analytics: (startDate: string, endDate: string) => ['mapping-analytics', startDate, endDate] as const,
};
