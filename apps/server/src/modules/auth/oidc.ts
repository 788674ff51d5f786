import { timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import type { LoginResponse, OidcRefusal, SignInOptions } from '@dossier/shared';
import type { Config } from '../../config';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { notFound, unauthorized } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import {
  claimOidcLogin,
  completeOidcLogin,
  employeesForClaim,
  insertOidcLogin,
  loginTaken,
  pruneOidcLogins,
  redeemExchange,
  sessionIdToken,
} from './oidc-queries';
import { findUserByLogin } from './queries';
import type { AuthService } from './service';
import { hashToken, newToken } from '../../platform/tokens';

/**
 * Company sign-in through OpenID Connect, code flow with PKCE (docs/product/sign-in.md). State, nonce and
 * verifier stay in oidc_logins, claimed once, so replayed callbacks find nothing; the browser then trades a
 * one-time exchange code for a session.
 */

/** Compares two secrets in constant time; a missing one never matches. */
function sameSecret(a: string | undefined, b: string): boolean {
  if (a === undefined || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Same-origin paths only: anything else (another host, a protocol-relative URL, control characters) returns home. */
export function sameOriginPath(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we reject
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return '/';
  return next;
}

export type CallbackOutcome = { kind: 'signed_in'; location: string } | { kind: 'refused'; reason: OidcRefusal; location: string };

const refused = (reason: OidcRefusal): CallbackOutcome => ({ kind: 'refused', reason, location: `/login/refused?reason=${reason}` });

interface Settings {
  issuer: URL;
  clientId: string;
  clientSecret: string | undefined;
  redirectUrl: string;
  claim: string;
  name: string;
  scopes: string;
}

export class OidcService {
  private readonly settings: Settings | null;
  private discovered: Promise<client.Configuration> | null = null;

  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly config: Config,
  ) {
    this.settings =
      config.OIDC_ISSUER_URL && config.OIDC_CLIENT_ID && config.OIDC_REDIRECT_URL
        ? {
            issuer: new URL(config.OIDC_ISSUER_URL),
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
            redirectUrl: config.OIDC_REDIRECT_URL,
            claim: config.OIDC_EMPLOYEE_CLAIM,
            name: config.OIDC_PROVIDER_NAME,
            scopes: config.OIDC_SCOPES,
          }
        : null;
  }

  options(): SignInOptions {
    return { local_login: this.config.LOCAL_LOGIN, oidc: this.settings ? { name: this.settings.name } : null };
  }

  /**
   * Where the browser goes to sign in at the provider; the sign-in is remembered until its callback. The
   * state is also the browser's binding: the route sets it as a cookie, and the callback must bring it back.
   */
  async start(next: string | undefined): Promise<{ location: string; state: string }> {
    const settings = this.requireSettings();
    const configuration = await this.configuration(settings);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await pruneOidcLogins(this.db);
    await insertOidcLogin(this.db, { stateHash: hashToken(state), nonce, codeVerifier, nextPath: sameOriginPath(next) });
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: settings.redirectUrl,
      scope: settings.scopes,
      response_type: 'code',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { location: url.href, state };
  }

  /**
   * The provider's redirect back: checks our state row, then PKCE, nonce, issuer and signature; refusals are
   * audited. A callback started in another browser (`browserState` differs) is claimed and refused: login CSRF.
   */
  async callback(query: Record<string, unknown>, ip: string, browserState: string | undefined): Promise<CallbackOutcome> {
    const settings = this.settings;
    if (!settings) return refused('not_configured');
    const state = typeof query.state === 'string' ? query.state : '';
    const login = state ? await claimOidcLogin(this.db, hashToken(state)) : undefined;
    if (!login) return this.refuse('failed', ip, { why: 'unknown, expired or already used state' });
    if (!sameSecret(browserState, state)) {
      return this.refuse('other_browser', ip, { why: browserState ? 'the sign-in cookie is of another sign-in' : 'no sign-in cookie' });
    }
    if (typeof query.error === 'string') return this.refuse('provider_error', ip, { error: query.error });

    let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
    try {
      const configuration = await this.configuration(settings);
      const current = new URL(settings.redirectUrl);
      for (const [key, value] of Object.entries(query)) if (typeof value === 'string') current.searchParams.set(key, value);
      tokens = await client.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: login.code_verifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      return this.refuse('failed', ip, { why: err instanceof Error ? err.message.slice(0, 300) : 'code exchange failed' });
    }

    const claims = tokens.claims();
    let value = claims?.[settings.claim];
    if (typeof value !== 'string' && claims) {
      const configuration = await this.configuration(settings);
      const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch(() => null);
      value = info?.[settings.claim];
    }
    if (typeof value !== 'string' || value.trim() === '')
      return this.refuse('missing_claim', ip, { claim: settings.claim, sub: claims?.sub });
    const identity = value.trim();

    const matches = await employeesForClaim(this.db, identity);
    if (matches.length === 0) return this.refuse('unknown_employee', ip, { [settings.claim]: identity });
    if (matches.length > 1) return this.refuse('ambiguous_employee', ip, { [settings.claim]: identity });
    const employee = matches[0];
    if (!employee) return this.refuse('unknown_employee', ip, { [settings.claim]: identity });
    if (employee.user_active === false) return this.refuse('inactive_user', ip, { [settings.claim]: identity, user_id: employee.user_id });
    const userId = employee.user_id ?? (await this.createUser(employee.id, employee.unique_code, identity, ip));

    const exchange = newToken();
    await completeOidcLogin(this.db, hashToken(state), { userId, idToken: tokens.id_token ?? null, exchangeHash: hashToken(exchange) });
    // A fragment never reaches a server log or a Referer header.
    return { kind: 'signed_in', location: `/login/oidc#code=${exchange}` };
  }

  /** The browser's one-time exchange code becomes a session, once. */
  async exchange(code: string, ip: string, userAgent: string | undefined): Promise<LoginResponse & { next: string }> {
    const redeemed = await redeemExchange(this.db, hashToken(code));
    if (!redeemed?.user_id) throw unauthorized('This sign-in link is not valid or was used already. Please sign in again.');
    const user = await this.db.selectFrom('users').select('login').where('id', '=', redeemed.user_id).executeTakeFirstOrThrow();
    const row = await findUserByLogin(this.db, user.login);
    if (!row?.active) throw unauthorized('Your Dossier account is deactivated.');
    const session = await this.auth.startSession(row, { ip, userAgent: userAgent ?? null, method: 'oidc', idToken: redeemed.id_token });
    return { ...session, next: redeemed.next_path };
  }

  /**
   * Ends the Dossier session and, for a session that began at the provider, answers the provider's
   * end-session URL (RP-initiated logout) when it has one.
   */
  async logout(viewer: Viewer, ip: string): Promise<{ ok: true; logout_url: string | null }> {
    const session = await sessionIdToken(this.db, viewer.tokenHash);
    await this.auth.logout(viewer, ip);
    if (!this.settings || session?.method !== 'oidc' || !session.id_token) return { ok: true, logout_url: null };
    try {
      const configuration = await this.configuration(this.settings);
      if (!configuration.serverMetadata().end_session_endpoint) return { ok: true, logout_url: null };
      const url = client.buildEndSessionUrl(configuration, {
        id_token_hint: session.id_token,
        post_logout_redirect_uri: new URL('/login', this.settings.redirectUrl).href,
      });
      return { ok: true, logout_url: url.href };
    } catch {
      // The provider cannot be reached: Dossier's own session has ended all the same.
      return { ok: true, logout_url: null };
    }
  }

  private requireSettings(): Settings {
    if (!this.settings) throw notFound('Sign-in through a company account is not configured');
    return this.settings;
  }

  /** The provider's discovery document, read once; a failed read is retried on the next sign-in. */
  private configuration(settings: Settings): Promise<client.Configuration> {
    if (!this.discovered) {
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(settings.issuer.hostname);
      // Plain HTTP only for a provider on this machine (tests, development).
      const insecure = settings.issuer.protocol === 'http:' && loopback;
      const found = client.discovery(
        settings.issuer,
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret ? undefined : client.None(),
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      found.catch(() => {
        if (this.discovered === found) this.discovered = null;
      });
      this.discovered = found;
    }
    return this.discovered;
  }

  /** A first sign-in of an active employee without a user creates one (no password: the provider vouches). */
  private async createUser(employeeId: number, code: string, identity: string, ip: string): Promise<number> {
    const wanted = identity.toLowerCase();
    const login = (await loginTaken(this.db, wanted)) ? code.toLowerCase() : wanted;
    const row = await this.db
      .insertInto('users')
      .values({ login, password_hash: null, employee_id: employeeId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(this.db, {
      actorUserId: row.id,
      action: 'user_created_at_sign_in',
      entity: 'user',
      entityId: row.id,
      after: { login },
      ip,
    });
    return row.id;
  }

  private async refuse(reason: OidcRefusal, ip: string, detail: Record<string, unknown>): Promise<CallbackOutcome> {
    await audit(this.db, { actorUserId: null, action: 'login_refused', entity: 'oidc', entityId: reason, after: detail, ip });
    return refused(reason);
  }
}
