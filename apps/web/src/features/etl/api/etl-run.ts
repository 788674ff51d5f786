import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ETL_PATHS, EtlRunResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { etlKeys } from './keys';

/** 'Run now' of the ETL panel: the source connector (when configured), then the roll-ups. */
export function useRunEtl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(ETL_PATHS.run, EtlRunResponse, { method: 'POST', body: {} }),
    // The panel says what went wrong beside the button.
    meta: { errorDialog: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: etlKeys.jobs }),
  });
}
