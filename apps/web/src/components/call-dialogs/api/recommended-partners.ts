import { useMutation } from '@tanstack/react-query';
import { CALLCENTRE_PATHS, RecommendedPartnersResponse, type RecommendedPartnersRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function fetchRecommendedPartners(body: RecommendedPartnersRequest): Promise<RecommendedPartnersResponse> {
  return apiRequest(CALLCENTRE_PATHS.recommendedPartners, RecommendedPartnersResponse, { method: 'POST', body });
}

/** A search the user starts with the 'Search Advisor' button, hence a mutation rather than a query. */
export function useRecommendedPartners() {
  return useMutation({ mutationFn: fetchRecommendedPartners });
}
