import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CALLCENTRE_PATHS, CallToConnectResponse, type CallToConnectRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { callCentreKeys } from '../../../lib/callcentre-keys';

export function callToConnect(body: CallToConnectRequest): Promise<CallToConnectResponse> {
  return apiRequest(CALLCENTRE_PATHS.callToConnect, CallToConnectResponse, { method: 'POST', body });
}

/** Places the bridged call, then refreshes the lists and dialog so its live status shows. */
export function useCallToConnect() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: callToConnect, onSuccess: () => qc.invalidateQueries({ queryKey: callCentreKeys.all }) });
}
