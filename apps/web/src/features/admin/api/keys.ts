/** Query keys of the administration screens; every admin change invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
  people: (filter: object) => ['admin', 'people', filter] as const,
  person: (code: string) => ['admin', 'person', code] as const,
  options: ['admin', 'options'] as const,
  users: (filter: object) => ['admin', 'users', filter] as const,
  userSessions: (id: number) => ['admin', 'user-sessions', id] as const,
  audit: (filter: object, limit: number, offset: number) => ['admin', 'audit', filter, limit, offset] as const,
  hierarchy: (parent: string | null) => ['admin', 'hierarchy', parent] as const,
  hierarchySearch: (q: string) => ['admin', 'hierarchy-search', q] as const,
  imports: (limit: number, offset: number) => ['admin', 'imports', limit, offset] as const,
  apiKeys: ['admin', 'api-keys'] as const,
};
