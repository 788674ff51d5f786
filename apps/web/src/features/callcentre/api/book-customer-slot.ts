import { useMutation } from '@tanstack/react-query';
import { BookSlotResponse, CALLCENTRE_PATHS, type BookSlotRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function bookCustomerSlot(body: BookSlotRequest): Promise<BookSlotResponse> {
  return apiRequest(CALLCENTRE_PATHS.bookCustomerSlot, BookSlotResponse, { method: 'POST', body });
}

export function useBookCustomerSlot() {
  return useMutation({ mutationFn: bookCustomerSlot });
}
