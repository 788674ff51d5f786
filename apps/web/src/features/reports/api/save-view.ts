import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedView, VIEWS_PATHS, type CreateViewBody } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';

/** POST /api/views/: save the view the screen shows under a name (docs/product/views.md, 'Saving a view'). */
export function postSaveView(body: CreateViewBody): Promise<SavedView> {
  return apiRequest(VIEWS_PATHS.list, SavedView, { method: 'POST', body });
}

/** The dialog shows the refusal itself (a duplicate name belongs beside the name field); 'My views' is stale afterwards. */
export function useSaveView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postSaveView,
    meta: { errorDialog: false },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: sharedKeys.views });
    },
  });
}
