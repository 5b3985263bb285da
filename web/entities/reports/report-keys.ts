/** Local calendar dates (YYYY-MM-DD), both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

export const reportKeys = {
  funnel: (range: DateRange | null) => ['reports', 'funnel', range?.from, range?.to] as const,
};
