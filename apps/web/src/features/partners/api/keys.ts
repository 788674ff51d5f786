/** Query keys of the partner screens. */
export const partnersKeys = {
  mappedPartners: (asOn: string) => ['mapped-partners', asOn] as const,
  reportingManagers: (partnerCode: string) => ['reporting-managers', partnerCode] as const,
};
