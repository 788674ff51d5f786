import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AppointmentListing, CALLCENTRE_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { callCentreKeys } from '../../../lib/callcentre-keys';
import type { QueryConfig } from '../../../lib/query-config';

export function fetchMyAppointments(
  p: { status: 'booked' | 'cancelled' | null; current_page: number },
  signal?: AbortSignal,
): Promise<AppointmentListing> {
  return apiRequest(CALLCENTRE_PATHS.myAppointments, AppointmentListing, { signal, query: { ...p } });
}

export function myAppointmentsQueryOptions(p: { status: 'booked' | 'cancelled' | null; current_page: number }) {
  return queryOptions({
    queryKey: [...callCentreKeys.appointments, p] as const,
    queryFn: ({ signal }) => fetchMyAppointments(p, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyAppointments(
  p: { status: 'booked' | 'cancelled' | null; current_page: number },
  queryConfig?: QueryConfig<typeof myAppointmentsQueryOptions>,
) {
  return useQuery({ ...myAppointmentsQueryOptions(p), ...queryConfig });
}
