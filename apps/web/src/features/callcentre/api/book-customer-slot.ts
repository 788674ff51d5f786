import { useMutation } from '@tanstack/react-query';
import { BookSlotResponse, CALLCENTRE_API, type BookSlotRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function bookCustomerSlot(body: BookSlotRequest): Promise<BookSlotResponse> {
  return apiRequest(`${CALLCENTRE_API}/scheduler/book-customer-slot/`, BookSlotResponse, { method: 'POST', body });
}

export function useBookCustomerSlot() {
  return useMutation({ mutationFn: bookCustomerSlot });
}
