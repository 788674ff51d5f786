import { z } from 'zod';
import { LoginResponse } from './auth';

/**
 * Company sign-in through an OpenID Connect provider, beside local passwords.
 * Behaviour: docs/product/sign-in.md.
 */
export const SIGN_IN_PATHS = {
  options: '/accounts/api/v1/sign-in-options/',
  oidcStart: '/accounts/oidc/start/',
  oidcCallback: '/accounts/oidc/callback/',
  oidcExchange: '/accounts/oidc/exchange/',
  logout: '/accounts/oidc/logout/',
} as const;

/** What the sign-in page offers. */
export const SignInOptions = z.object({
  local_login: z.boolean(),
  /** Present when an identity provider is configured: the button reads 'Sign in with {name}'. */
  oidc: z.object({ name: z.string() }).nullable(),
});
export type SignInOptions = z.infer<typeof SignInOptions>;

export const OidcStartQuery = z.object({ next: z.string().max(2000).optional().describe('same-origin path to return to after sign-in') });

export const OidcCallbackQuery = z
  .object({
    code: z.string().max(4000).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
    iss: z.string().max(2000).optional(),
  })
  .passthrough();

export const OidcExchangeBody = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This sign-in link is not valid') });

/** Why a company sign-in was refused; the sign-in page explains each. */
export const OIDC_REFUSALS = {
  unknown_employee: 'Your company account does not match any active employee in Dossier. Ask your administrator to add you.',
  inactive_user: 'Your Dossier account is deactivated. Ask your administrator if you need access again.',
  ambiguous_employee: 'Your company account matches more than one employee in Dossier. Ask your administrator to correct the records.',
  missing_claim: 'Your identity provider did not say who you are (the configured claim is missing). Ask your administrator.',
  failed: 'Sign-in through your company account did not complete (it expired, was used already or was tampered with). Please try again.',
  other_browser:
    'This sign-in was not started in this browser (or the browser did not keep its sign-in cookie), so it was not completed: someone may have sent you their sign-in link. Sign in again from here.',
  provider_error: 'Your identity provider refused the sign-in. Please try again or contact your administrator.',
  not_configured: 'Sign-in through a company account is not configured.',
} as const;
export type OidcRefusal = keyof typeof OIDC_REFUSALS;
export const OidcRefusalReason = z.enum(Object.keys(OIDC_REFUSALS) as [OidcRefusal, ...OidcRefusal[]]);

export const LogoutResponse = z.object({
  ok: z.literal(true),
  /** Where to send the browser to end the provider's session too (RP-initiated logout); null for none. */
  logout_url: z.string().nullable(),
});
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** A session from a company sign-in, and the same-origin path the user was heading for. */
export const OidcExchangeResponse = LoginResponse.extend({ next: z.string() });
export type OidcExchangeResponse = z.infer<typeof OidcExchangeResponse>;

export const PASSWORD_SIGN_IN_OFF = 'Password sign-in is switched off here: use the company sign-in button.';
