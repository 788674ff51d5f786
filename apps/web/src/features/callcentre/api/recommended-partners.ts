import { useMutation } from '@tanstack/react-query';
import { PARTNER_SERVICE_API, RecommendedPartnersResponse, type RecommendedPartnersRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function fetchRecommendedPartners(body: RecommendedPartnersRequest): Promise<RecommendedPartnersResponse> {
  return apiRequest(`${PARTNER_SERVICE_API}/trm/recommended_partners/`, RecommendedPartnersResponse, { method: 'POST', body });
}

/** A search the user starts with the 'Search Advisor' button, hence a mutation rather than a query. */
export function useRecommendedPartners() {
  return useMutation({ mutationFn: fetchRecommendedPartners });
}
