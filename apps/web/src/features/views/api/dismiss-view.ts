import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteViewResponse, VIEWS_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { viewsKeys } from './keys';

/** POST /api/views/{id}/dismiss/: a recipient takes a shared view off their list. */
export function postDismissView(id: string): Promise<DeleteViewResponse> {
  return apiRequest(VIEWS_PATHS.dismiss(id), DeleteViewResponse, { method: 'POST', body: {} });
}

export function useDismissView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDismissView,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: viewsKeys.all });
    },
  });
}
