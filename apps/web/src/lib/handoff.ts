import { useMutation } from '@tanstack/react-query';
import { HANDOFF_PATHS, HandoffResponse } from '@dossier/shared';
import { apiRequest } from './api';

/**
 * External portals receive a short-lived, single-use hand-off token, never the session token
 * (docs/product/shell.md, 'Hand-offs to external portals'). The server picks the URL from its configured targets; we only name the target.
 */
export function requestHandoff(target: string): Promise<HandoffResponse> {
  return apiRequest(HANDOFF_PATHS.handoff, HandoffResponse, { method: 'POST', body: { target } });
}

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Token, user_id and dossier_redirection go to the portal by form post, in a new tab (docs/product/shell.md, 'Hand-offs to external portals').
 * A form post (not a link) keeps the token out of URLs, history and referrers.
 */
export function postHandoffForm(handoff: HandoffResponse, extra: Readonly<Record<string, string>> = {}): void {
  if (!isWebUrl(handoff.url)) throw new Error('The portal address is not a web address');
  const form = document.createElement('form');
  form.method = 'post';
  form.action = handoff.url;
  form.target = '_blank';
  form.setAttribute('rel', 'noopener');
  form.hidden = true;
  const fields: Record<string, string> = {
    token: handoff.token,
    user_id: handoff.user_id,
    dossier_redirection: handoff.dossier_redirection,
    // e.g. partner_code: which partner's summary the portal opens.
    ...extra,
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/** Open a configured portal in a new tab; failures reach the error dialog through the MutationCache. */
export function useHandoff() {
  return useMutation({
    mutationFn: requestHandoff,
    onSuccess: (handoff) => postHandoffForm(handoff),
  });
}
