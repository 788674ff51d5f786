import { STORAGE_KEYS } from '@dossier/shared';
import { storageGet, storageSet } from '../../lib/storage';
import type { AppliedFilters } from './query-params';

/**
 * Insurer, state and business type choices are saved on Submit under the spec's keys (000 §3:
 * insurers, states, business_type) as JSON lists; an empty list is 'All'.
 */
function readList<T extends string | number>(key: string, isItem: (v: unknown) => v is T): T[] {
  try {
    const value: unknown = JSON.parse(storageGet(key) ?? '[]');
    return Array.isArray(value) ? value.filter(isItem) : [];
  } catch {
    return [];
  }
}

const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;
const isBusinessType = (v: unknown): v is number => typeof v === 'number' && [1, 2, 3].includes(v);

export function readSavedFilters(): AppliedFilters {
  return {
    insurers: readList(STORAGE_KEYS.insurers, isName),
    states: readList(STORAGE_KEYS.states, isName),
    business_type: readList(STORAGE_KEYS.businessType, isBusinessType),
  };
}

export function saveFilters(filters: AppliedFilters): void {
  storageSet(STORAGE_KEYS.insurers, JSON.stringify(filters.insurers));
  storageSet(STORAGE_KEYS.states, JSON.stringify(filters.states));
  storageSet(STORAGE_KEYS.businessType, JSON.stringify(filters.business_type));
}
