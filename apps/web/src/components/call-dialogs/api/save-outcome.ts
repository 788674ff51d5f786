import { useMutation } from '@tanstack/react-query';
import { CALLCENTRE_PATHS, SaveCaseOutcomeResponse, type SaveCaseOutcomeRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

/** The connect dialog's Save: every part in one call, saved whole or not at all. */
export function saveOutcome(body: SaveCaseOutcomeRequest): Promise<SaveCaseOutcomeResponse> {
  return apiRequest(CALLCENTRE_PATHS.saveOutcome, SaveCaseOutcomeResponse, { method: 'POST', body });
}

export function useSaveOutcome() {
  return useMutation({ mutationFn: saveOutcome });
}
