import { useSyncExternalStore } from 'react';
import { sessionEntries, type LoginResponse } from '@dossier/shared';
import { isUsableToken } from './session-rules';
import { STORAGE_KEYS, storageClear, storageGet, storageSet } from './storage';

/**
 * The session lives in local storage (docs/product/shell.md, 'Session values') so other tabs and screens read
 * it; this small store and the `storage` event tell components of changes.
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readToken(): string | null {
  const token = storageGet(STORAGE_KEYS.token);
  return isUsableToken(token) ? token : null;
}

export function isLoggedIn(): boolean {
  return readToken() !== null;
}

export interface StoredUser {
  code: string;
  firstName: string;
  lastName: string;
}

export function readStoredUser(): StoredUser {
  return {
    code: storageGet(STORAGE_KEYS.code) ?? '',
    firstName: storageGet(STORAGE_KEYS.firstName) ?? '',
    lastName: storageGet(STORAGE_KEYS.lastName) ?? '',
  };
}

export function saveSession(response: LoginResponse): void {
  for (const [key, value] of sessionEntries(response)) storageSet(key, value);
  notify();
}

/** Signing out clears local storage as a whole: filters and breadcrumbs are per user (docs/product/shell.md, 'Sign-out'). */
export function clearSession(): void {
  storageClear();
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** True while a usable token is stored; data screens and calls run only then (docs/product/shell.md, 'Session values'). */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isLoggedIn, () => false);
}
