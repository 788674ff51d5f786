/** Query keys of the mapping requests. */
export const mappingKeys = {
  unmappedPartners: ['unmapped-partners'] as const,
};
