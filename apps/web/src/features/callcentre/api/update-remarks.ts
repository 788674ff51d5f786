import { useMutation } from '@tanstack/react-query';
import { CALLCENTRE_API, MessageResponse, type UpdateRemarksRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function updateRemarks(body: UpdateRemarksRequest): Promise<MessageResponse> {
  return apiRequest(`${CALLCENTRE_API}/trm-update-remarks/`, MessageResponse, { method: 'POST', body });
}

export function useUpdateRemarks() {
  return useMutation({ mutationFn: updateRemarks });
}
