import { useMutation } from '@tanstack/react-query';
import { CALLCENTRE_API, UpdateStatusResponse, type CaseStatus } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function updateStatus(body: { case_id: number; status: CaseStatus }): Promise<UpdateStatusResponse> {
  return apiRequest(`${CALLCENTRE_API}/trm-update-status/`, UpdateStatusResponse, { method: 'POST', body });
}

export function useUpdateStatus() {
  return useMutation({ mutationFn: updateStatus });
}
