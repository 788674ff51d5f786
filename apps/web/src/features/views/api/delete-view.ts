import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteViewResponse, VIEWS_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { viewsKeys } from './keys';

export function postDeleteView(id: string): Promise<DeleteViewResponse> {
  return apiRequest(VIEWS_PATHS.remove(id), DeleteViewResponse, { method: 'POST', body: {} });
}

export function useDeleteView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDeleteView,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: viewsKeys.all });
    },
  });
}
