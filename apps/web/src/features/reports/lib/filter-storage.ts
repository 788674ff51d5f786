import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@dossier/shared';
import { storageGet, storageSet } from '../../../lib/storage';
import type { AppliedFilters } from './query-params';

/**
 * Insurer, state and business type choices are saved on Submit under the keys insurers, states and
 * business_type (docs/product/report-screens.md, 'Insurer, state and business type') as JSON lists; an empty list is 'All'.
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

/**
 * One copy of the saved choices for the whole screen: every table, chart and the applied-filters bar
 * read it, so a Submit or a Clear changes all of them at once (docs/product/report-screens.md, 'Insurer, state and business type').
 */
const KEYS = [STORAGE_KEYS.insurers, STORAGE_KEYS.states, STORAGE_KEYS.businessType];
let cache: { raw: string; value: AppliedFilters } | null = null;
const listeners = new Set<() => void>();

/** The same object while the stored text is the same (sign-out clears the storage, so this follows it too). */
function snapshot(): AppliedFilters {
  const raw = KEYS.map((k) => storageGet(k) ?? '').join('\u0000');
  if (cache?.raw !== raw) cache = { raw, value: readSavedFilters() };
  return cache.value;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saved or cleared them (or signed out, which clears the storage).
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || (KEYS as readonly string[]).includes(e.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function saveFilters(filters: AppliedFilters): void {
  storageSet(STORAGE_KEYS.insurers, JSON.stringify(filters.insurers));
  storageSet(STORAGE_KEYS.states, JSON.stringify(filters.states));
  storageSet(STORAGE_KEYS.businessType, JSON.stringify(filters.business_type));
  for (const listener of listeners) listener();
}

export function clearSavedFilters(): void {
  saveFilters({ insurers: [], states: [], business_type: [] });
}

/** The saved choices, re-read by every user of them whenever they change. */
export function useSavedFilters(): AppliedFilters {
  return useSyncExternalStore(subscribe, snapshot);
}
