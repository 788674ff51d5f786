import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DecisionResponse, TEAM_PATHS, type AcceptMemberListRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { teamKeys } from './keys';

export function postAcceptMemberList(body: AcceptMemberListRequest): Promise<DecisionResponse> {
  return apiRequest(TEAM_PATHS.acceptMemberList, DecisionResponse, { method: 'POST', body });
}

/** Accept or reject; afterwards every team list and reportee list is stale. */
export function useAcceptMemberList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postAcceptMemberList,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: teamKeys.teamLists });
      await client.invalidateQueries({ queryKey: teamKeys.reporteeDetails });
    },
  });
}
