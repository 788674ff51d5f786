/** Query keys of the header and side menu (the side menu's key is shared: lib/query-keys.ts). */
export const navigationKeys = {
  headerLinks: ['header-links'] as const,
};
