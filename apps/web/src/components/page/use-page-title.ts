import { useEffect } from 'react';

export const APP_NAME = 'Dossier';

/** 'Business Dashboard · Dinesh Chauhan (TL0001) · Dossier': the screen, the account on a drill, the app. */
export function pageTitle(screen: string | null | undefined, account?: string | null): string {
  return [screen, account, APP_NAME].filter((part): part is string => Boolean(part)).join(' · ');
}

/** The browser tab names the screen and, on a drill, the account shown. */
export function usePageTitle(screen: string | null | undefined, account?: string | null): void {
  const title = pageTitle(screen, account);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
