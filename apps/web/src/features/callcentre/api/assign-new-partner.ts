import { useMutation } from '@tanstack/react-query';
import { AssignNewPartnerResponse, CALLCENTRE_API } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function assignNewPartner(body: { case_id: number; new_partner_username: string }): Promise<AssignNewPartnerResponse> {
  return apiRequest(`${CALLCENTRE_API}/trm-assign-new-partner/`, AssignNewPartnerResponse, { method: 'POST', body });
}

export function useAssignNewPartner() {
  return useMutation({ mutationFn: assignNewPartner });
}
