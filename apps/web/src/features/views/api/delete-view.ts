import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteViewResponse, VIEWS_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { viewsKeys } from './keys';

export function postDeleteView(id: string): Promise<DeleteViewResponse> {
  return apiRequest(VIEWS_PATHS.remove(id), DeleteViewResponse, { method: 'POST', body: {} });
}

/** The delete dialog shows a refusal itself; the list is stale afterwards. */
export function useDeleteView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDeleteView,
    meta: { errorDialog: false },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: viewsKeys.all });
    },
  });
}
