/** Query keys of saved views; the report screens' Save view invalidates the list too (lib/query-keys.ts). */
import { sharedKeys } from '../../../lib/query-keys';

export const viewsKeys = {
  all: sharedKeys.views,
  shared: [...sharedKeys.views, 'shared'] as const,
  colleagues: (search: string) => [...sharedKeys.views, 'colleagues', search] as const,
  view: (id: string) => [...sharedKeys.views, id] as const,
};
