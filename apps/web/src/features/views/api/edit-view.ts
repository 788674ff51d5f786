import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedView, VIEWS_PATHS, type RenameViewBody } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { viewsKeys } from './keys';

/** POST /api/views/{id}/rename/: the name and the description (docs/product/views.md, 'My views'). */
export function postEditView({ id, body }: { id: string; body: RenameViewBody }): Promise<SavedView> {
  return apiRequest(VIEWS_PATHS.rename(id), SavedView, { method: 'POST', body });
}

/** The edit dialog shows a refusal (a name already used) beside the fields; the list is stale afterwards. */
export function useEditView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postEditView,
    meta: { errorDialog: false },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: viewsKeys.all });
    },
  });
}
