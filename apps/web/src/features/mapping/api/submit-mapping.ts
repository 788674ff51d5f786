import { useMutation } from '@tanstack/react-query';
import { SubmitMappingResponse, TEAM_PATHS, type SubmitMappingRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function postSubmitMapping(body: SubmitMappingRequest): Promise<SubmitMappingResponse> {
  return apiRequest(TEAM_PATHS.submitMapping, SubmitMappingResponse, { method: 'POST', body });
}

export function useSubmitMapping() {
  return useMutation({ mutationFn: postSubmitMapping });
}
