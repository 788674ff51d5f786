import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { CancelMappingResponse, TEAM_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

/** null when the server answers nothing usable: the screen then says 'Invalid response' (docs/product/team.md, 'Requester View'). */
export function postCancelMapping(partnerCode: string): Promise<CancelMappingResponse | null> {
  return apiRequest(TEAM_PATHS.cancelMapping, z.union([CancelMappingResponse, z.null()]).catch(null), {
    method: 'POST',
    body: { partner_unique_code: partnerCode },
  });
}

export function useCancelMapping() {
  return useMutation({ mutationFn: postCancelMapping });
}
