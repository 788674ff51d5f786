import type { PortalLink } from '@dossier/shared';

/**
 * How a configured portal link opens: links with a hand-off target go through the hand-off form
 * post; plain links (target null) open in a new tab without access to this window.
 */
export function openPortalLink(link: PortalLink, handoff: (target: string) => void): void {
  if (link.target !== null) handoff(link.target);
  else window.open(link.url, '_blank', 'noopener,noreferrer');
}
