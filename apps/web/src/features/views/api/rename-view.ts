import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedView, VIEWS_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { viewsKeys } from './keys';

export function postRenameView({ id, name }: { id: string; name: string }): Promise<SavedView> {
  return apiRequest(VIEWS_PATHS.rename(id), SavedView, { method: 'POST', body: { name } });
}

/** The rename dialog shows a refusal (a name already used) beside the name; the list is stale afterwards. */
export function useRenameView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postRenameView,
    meta: { errorDialog: false },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: viewsKeys.all });
    },
  });
}
