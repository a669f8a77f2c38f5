/**
 * A real OpenID Connect provider (panva's oidc-provider) for the school-account sign-in (issue 33):
 * the server tests and the browser spec start it on a free port, `npm run idp` starts it as the demo
 * school's provider. Its own sign-in page (devInteractions) takes an account's e-mail address as
 * the login and any password; consent is given at once for the portal.
 *
 * To act out attacks it can misbehave on request: answer the token request from another instance
 * (another signing key, another issuer), sign with its clock two hours behind (an expired ID token),
 * or put another nonce in the ID token.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { freePort } from './free-port';

export const IDP_CLIENT_ID = 'docentenomgeving';
export const IDP_CLIENT_SECRET = 'demo-geheim-van-de-docentenomgeving-0123456789';

export interface AccountClaims {
  email: string;
  email_verified: boolean;
  name: string;
  eduperson_affiliation?: string[];
}

/**
 * The demo school's accounts by login. Any other address signs in as itself with a verified e-mail
 * (a teacher the portal does not know yet).
 */
export const IDP_ACCOUNTS: Record<string, AccountClaims> = {
  'docent@demoschool.nl': {
    email: 'docent@demoschool.nl',
    email_verified: true,
    name: 'Demo Docent',
    eduperson_affiliation: ['employee', 'faculty'],
  },
  'collega@demoschool.nl': {
    email: 'collega@demoschool.nl',
    email_verified: true,
    name: 'Demo Collega',
    eduperson_affiliation: ['employee'],
  },
  // A student account the portal knows: refused by the account found.
  'leerling@demoschool.nl': { email: 'leerling@demoschool.nl', email_verified: true, name: 'Demo Leerling' },
  // A student by affiliation, whose address is a teacher's: refused by the affiliation.
  'stagiair@demoschool.nl': { email: 'collega@demoschool.nl', email_verified: true, name: 'Stagiair', eduperson_affiliation: ['student'] },
  // The school never confirmed this address.
  'onbevestigd@demoschool.nl': { email: 'docent@demoschool.nl', email_verified: false, name: 'Onbevestigd' },
};

export interface Misbehaviour {
  /** Answer the token request from this instance instead (it shares the code store). */
  tokenFrom?: TestIdp;
  /** Sign the tokens with the clock this many seconds behind. */
  clockBehindSeconds?: number;
  /** Ask for the ID token with this nonce instead of the portal's. */
  nonce?: string;
}

export interface TestIdp {
  issuer: string;
  port: number;
  provider: Provider;
  misbehave: Misbehaviour;
  close(): Promise<void>;
}

export interface IdpOptions {
  redirectUris: string[];
  /** Default: a free port on 127.0.0.1. */
  port?: number;
  /** Default: http://127.0.0.1:<port>. A second instance may claim another's issuer. */
  issuer?: string;
  /** Accounts besides IDP_ACCOUNTS (by login; the login is the subject). */
  accounts?: Record<string, AccountClaims>;
}

async function signingKeys() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `k-${Math.random().toString(36).slice(2, 10)}` }];
}

export async function startIdp(opts: IdpOptions): Promise<TestIdp> {
  const port = opts.port ?? (await freePort());
  const issuer = opts.issuer ?? `http://127.0.0.1:${port}`;
  const accounts = { ...IDP_ACCOUNTS, ...opts.accounts };
  const claimsOf = (login: string): AccountClaims => accounts[login] ?? { email: login, email_verified: true, name: login };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: IDP_CLIENT_ID,
        client_secret: IDP_CLIENT_SECRET,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: await signingKeys() },
    cookies: { keys: ['een-sleutel-voor-de-cookies-van-de-test-idp'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'eduperson_affiliation'] },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => ({ accountId: id, claims: () => ({ sub: id, ...claimsOf(id) }) }),
    // The portal is the school's own service: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Session: 600, Interaction: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  const idp: TestIdp = {
    issuer,
    port,
    provider,
    misbehave: {},
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((res) => server.close(() => res()));
    },
  };
  provider.use(async (ctx, next) => {
    const m = idp.misbehave;
    if (ctx.path === '/auth' && m.nonce && ctx.method === 'GET' && ctx.query.nonce) {
      const url = new URL(ctx.href);
      url.searchParams.set('nonce', m.nonce);
      ctx.querystring = url.search.slice(1);
    }
    if (ctx.path === '/token' && m.tokenFrom) {
      ctx.respond = false;
      void m.tokenFrom.provider.callback()(ctx.req, ctx.res);
      await once(ctx.res, 'finish');
      return;
    }
    if (ctx.path === '/token' && m.clockBehindSeconds) {
      const realNow = Date.now;
      const behind = m.clockBehindSeconds * 1000;
      Date.now = () => realNow() - behind;
      try {
        await next();
      } finally {
        Date.now = realNow;
      }
      return;
    }
    await next();
  });
  const handle = provider.callback();
  const server: Server = createServer((req, res) => void handle(req, res));
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return idp;
}

/** A cookie jar over fetch: only what the provider's pages need. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * What a browser does at the provider: follows the sign-in address, fills its login form with
 * `login`, and returns the query string of the redirect back to the portal's callback page.
 */
export async function signInAtIdp(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Jar();
  let url = authorizationUrl;
  let body: string | undefined;
  for (let step = 0; step < 10; step++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.take(res);
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      const location = new URL(res.headers.get('location') ?? '', url);
      if (location.pathname.startsWith('/login/schoolaccount/')) return location.search;
      url = location.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !html.includes('value="login"'))
      throw new Error(`unexpected answer at the provider: ${res.status} ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    body = new URLSearchParams({ prompt: 'login', login, password: 'wachtwoord' }).toString();
  }
  throw new Error('too many steps at the provider');
}
