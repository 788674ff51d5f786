import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedView, VIEWS_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { viewsKeys } from './keys';

/** POST /api/views/{id}/shares/: the owner adds a colleague. */
export function postShareView({ id, userId }: { id: string; userId: number }): Promise<SavedView> {
  return apiRequest(VIEWS_PATHS.shares(id), SavedView, { method: 'POST', body: { user_id: userId } });
}

/** POST /api/views/{id}/shares/{userId}/delete/: the owner removes a colleague. */
export function postUnshareView({ id, userId }: { id: string; userId: number }): Promise<SavedView> {
  return apiRequest(VIEWS_PATHS.unshare(id, userId), SavedView, { method: 'POST', body: {} });
}

/** The share dialog shows a refusal (a colleague who could not open the view) in itself; the list is stale afterwards. */
export function useShareView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postShareView,
    meta: { errorDialog: false },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: viewsKeys.all });
    },
  });
}

export function useUnshareView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postUnshareView,
    meta: { errorDialog: false },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: viewsKeys.all });
    },
  });
}
