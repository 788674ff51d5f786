/** Query keys of the renewals screens. */
export const renewalsKeys = {
  due: (start: string, end: string) => ['renewals-due', start, end] as const,
};
