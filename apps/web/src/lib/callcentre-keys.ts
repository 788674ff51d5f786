/** Query keys of the call centre; invalidating `callCentreKeys.all` refreshes every list and dialog. */
export const callCentreKeys = {
  all: ['callcentre'] as const,
  leads: (rmId: string) => ['callcentre', 'leads', rmId] as const,
  partnersByRm: (rmId: string) => ['callcentre', 'partners-by-rm', rmId] as const,
  cases: (rmId: string) => ['callcentre', 'cases', rmId] as const,
  callDetails: (caseId: number) => ['callcentre', 'call-details', caseId] as const,
  slots: ['callcentre', 'slots'] as const,
  appointments: ['callcentre', 'appointments'] as const,
  bookableCases: ['callcentre', 'bookable-cases'] as const,
};

/** While a call rings or talks, screens poll this often so its status shows without a reload. */
export const LIVE_POLL_MS = 1500;
