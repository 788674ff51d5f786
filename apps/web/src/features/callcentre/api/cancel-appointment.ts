import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CALLCENTRE_PATHS, MessageResponse, type CANCELLATION_REASONS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { callCentreKeys } from '../../../lib/callcentre-keys';

export function cancelAppointment(body: {
  appointment_id: number;
  reason: (typeof CANCELLATION_REASONS)[number];
}): Promise<MessageResponse> {
  return apiRequest(CALLCENTRE_PATHS.cancelAppointment, MessageResponse, { method: 'POST', body });
}

/** The cancel dialog shows a refusal itself. */
export function useCancelAppointment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    meta: { errorDialog: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: callCentreKeys.all }),
  });
}
