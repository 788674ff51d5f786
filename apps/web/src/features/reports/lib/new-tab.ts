/**
 * A tab opened at the click (pop-up blockers allow only those) and pointed at its address once the
 * server has answered. The new tab gets no handle on this one (opener cleared).
 */
export interface PendingTab {
  go(url: string): void;
  close(): void;
}

export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go: (url) => {
      if (tab && !tab.closed) tab.location.replace(url);
      else window.open(url, '_blank', 'noopener');
    },
    close: () => tab?.close(),
  };
}

/** A messaging-app share link carrying the text (docs/product/renewals.md, 'Renewal row actions': renewal link over a messaging app). */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
