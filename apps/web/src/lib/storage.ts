/**
 * Local storage access that never throws: storage can be disabled (privacy modes, quota), and a
 * broken storage must look like "signed out", not crash the app.
 */
export { STORAGE_KEYS } from '@dossier/shared';

export function storageGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function storageSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing sensible to do: the value simply is not remembered.
  }
}

export function storageClear(): void {
  try {
    window.localStorage.clear();
  } catch {
    // As above.
  }
}
