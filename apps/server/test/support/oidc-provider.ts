/**
 * A real OpenID Connect provider (oidc-provider 9) on 127.0.0.1 for integration and browser
 * tests of enterprise/social login.
 *
 *   const idp = await startTestOidcProvider({
 *     clientId: 'qa-app', clientSecret: 'qa-secret',
 *     redirectUris: [`${appUrl}/api/auth/callback/enterprise`],
 *     accounts: [{ email: 'erika@example.com', name: 'Erika Muster' }],
 *   });
 *   // start the app with OIDC_ISSUER=idp.issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET
 *   // (the app fetches the discovery document when it starts, so start the provider first)
 *   ...
 *   await idp.close();
 *
 * The login page (GET `${issuer}/interaction/<uid>`) is a plain HTML form:
 *   <input name="email" type="email"> labelled "E-mail", and a <button type="submit">Sign in</button>.
 * Submitting an e-mail of `accounts` signs that account in and returns to the app at once (no
 * password, no consent page); an unknown e-mail shows the form again with "Unknown account".
 * Claims: sub = e-mail, email, email_verified (true unless the account says
 * `emailVerified: false`), name.
 */
import { generateKeyPairSync } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';

export interface TestOidcAccount {
  email: string;
  name: string;
  /** What the provider claims as email_verified; true unless set. */
  emailVerified?: boolean;
}

export interface TestOidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: TestOidcAccount[];
  /** A fixed port (browser tests name it in their config); 0 or unset picks a free one. */
  port?: number;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:<port>, for OIDC_ISSUER / SOCIAL_ISSUER. */
  issuer: string;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, email: string, error: string | null): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body>
<h1>Test identity provider</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}">
  <button type="submit">Sign in</button>
</form>
</body></html>
`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestOidcProvider(
  options: TestOidcProviderOptions,
): Promise<TestOidcProvider> {
  const accounts = new Map(options.accounts.map((a) => [a.email.toLowerCase(), a]));
  let provider: Provider | null = null;
  let providerHandler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string) {
    if (!provider) throw new Error('provider not ready');
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    if (req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(loginPage(uid, hint, null));
      return;
    }
    const email = (await readForm(req)).get('email')?.trim().toLowerCase() ?? '';
    if (!accounts.has(email)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(uid, email, 'Unknown account'));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: email } },
      { mergeWithLastSubmission: false },
    );
  }

  const server = http.createServer((req, res) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (match?.[1] && (req.method === 'GET' || req.method === 'POST')) {
      interaction(req, res, match[1]).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      return;
    }
    if (!providerHandler) {
      res.writeHead(503).end();
      return;
    }
    providerHandler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: {
      keys: [
        { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' },
      ],
    },
    cookies: { keys: ['test-oidc-provider-cookie-key'] },
    ttl: { AccessToken: 600, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
        }),
      };
    },
    // First-party test client: grant what it asks for instead of showing a consent page.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { oidc } = ctx;
      const clientId = oidc.client?.clientId ?? '';
      const existing = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session?.accountId ?? '' });
      grant.addOIDCScope(oidc.params?.scope ?? 'openid');
      await grant.save();
      return grant;
    },
  });
  providerHandler = provider.callback();

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
