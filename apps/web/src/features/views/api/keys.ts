/** Query keys of saved views; the report screens' Save view invalidates the list too (lib/query-keys.ts). */
import { sharedKeys } from '../../../lib/query-keys';

export const viewsKeys = {
  all: sharedKeys.views,
  view: (id: string) => [...sharedKeys.views, id] as const,
};
