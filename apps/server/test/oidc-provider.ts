import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './ports';

/**
 * A real OpenID Connect provider (oidc-provider, the certified provider library) on 127.0.0.1 for
 * tests. Accounts are claim sets keyed by their login; the interaction (login + consent) is a plain
 * HTML form, or skipped when `autoLogin` names the account (API tests that follow redirects).
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims of each account, by the login typed into the form. */
  accounts: Map<string, Record<string, unknown>>;
  /** Signs this account in without showing the form; undefined shows the form. */
  autoLogin: string | undefined;
  /** Logins whose sessions ended through the end-session endpoint. */
  loggedOut: string[];
  close: () => Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  port?: number;
}): Promise<TestProvider> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, Record<string, unknown>>();
  const state: TestProvider = {
    issuer,
    clientId: 'dossier-test',
    clientSecret: 'dossier-test-secret-0123456789',
    accounts,
    autoLogin: undefined,
    loggedOut: [],
    close: async () => undefined,
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'employee_code'] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...claims }) };
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          // Confirms at once (a test has no one to click 'Yes').
          ctx.body = `<!DOCTYPE html><html><body>${form}<script>document.forms[0].submit()</script></body></html>`;
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key-0123456789'] },
  });
  provider.on('end_session.success', (ctx) => {
    const sub = (ctx.oidc.session as { accountId?: string } | undefined)?.accountId;
    if (sub) state.loggedOut.push(sub);
  });

  const finish = async (req: IncomingMessage, res: ServerResponse, login: string) => {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: login, clientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: login }, consent: { grantId } }, { mergeWithLastSubmission: false });
  };

  const callback = provider.callback();
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/interaction/')) {
      void callback(req, res);
      return;
    }
    void (async () => {
      try {
        if (req.method === 'POST') {
          const form = await readForm(req);
          await finish(req, res, form.get('login') ?? '');
          return;
        }
        if (state.autoLogin !== undefined) {
          await finish(req, res, state.autoLogin);
          return;
        }
        await provider.interactionDetails(req, res);
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!DOCTYPE html><html><head><title>Test identity provider</title></head><body>
          <h1>Test identity provider</h1>
          <form method="post" action="${escapeHtml(url)}">
            <label>Login <input name="login" autocomplete="off"></label>
            <button type="submit">Continue</button>
          </form></body></html>`);
      } catch (err) {
        res.statusCode = 400;
        res.end(err instanceof Error ? err.message : 'interaction failed');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
