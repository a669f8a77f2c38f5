/**
 * The portal as an OpenID Connect relying party, with openid-client (panva's certified library):
 * discovery, Authorization Code with PKCE, state and nonce, the ID token checked (issuer, audience,
 * expiry, nonce, signature) and userinfo when the ID token lacks the e-mail. Nothing here parses a
 * token or builds a request by hand. Every refusal is an HttpError with a Dutch reason.
 */
import * as client from 'openid-client';
import { HttpError } from '../../http-error';
import type { Flow } from './flow-cookie';
import type { OidcProviderSettings } from './providers-config';

export const NOT_CONFIGURED =
  'Deze manier van inloggen met een schoolaccount bestaat niet (meer). Log in met je e-mailadres en wachtwoord.';
const FAILED = 'Inloggen met je schoolaccount is niet gelukt. Probeer het opnieuw.';
export const EXPIRED = 'Het inloggen met je schoolaccount is verlopen of niet op dit apparaat begonnen. Probeer het opnieuw.';

/**
 * 4xx like every refusal of this sign-in (issue 33): the teacher can do nothing but try again later
 * or use her password, and the page must show the reason, not a general server error.
 */
const PROVIDER_DOWN = 424;

function unreachable(p: OidcProviderSettings): HttpError {
  return new HttpError(
    PROVIDER_DOWN,
    `De inlogdienst van ${p.name} reageert niet. Probeer het later opnieuw, of log in met je e-mailadres en wachtwoord.`,
  );
}

export interface OidcIdentity {
  subject: string;
  /** Lower case; null when the provider gave none. */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  roles: string[];
  school: string | null;
}

/** A configured provider with its discovered metadata, one per process and provider. */
export class RelyingParty {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(
    readonly settings: OidcProviderSettings,
    /** PUBLIC_URL: the callback is a page of the portal, which hands the answer to the server. */
    private readonly publicUrl: string,
  ) {}

  get redirectUri(): string {
    return `${this.publicUrl}/login/schoolaccount/${this.settings.id}`;
  }

  private insecure(): boolean {
    return new URL(this.settings.issuer).protocol === 'http:';
  }

  /** Discovery once per process; a failure is not kept, so a provider that comes back is used again. */
  private configuration(): Promise<client.Configuration> {
    if (!this.discovered) {
      const s = this.settings;
      this.discovered = client
        .discovery(new URL(s.issuer), s.clientId, { redirect_uris: [this.redirectUri] }, client.ClientSecretPost(s.clientSecret), {
          timeout: s.timeoutSeconds,
          // The issuer address is checked to be localhost when it is http (providers-config.ts).
          execute: this.insecure() ? [client.allowInsecureRequests] : [],
        })
        .then((config) => {
          config.timeout = s.timeoutSeconds;
          return config;
        });
      this.discovered.catch(() => {
        this.discovered = null;
      });
    }
    return this.discovered;
  }

  /**
   * The provider's sign-in address for a new flow, and the flow to keep in the cookie. `reauth`: the
   * provider must ask who is there instead of answering with the account it is still signed in with.
   */
  async start(next: string, opts: { linkUserId?: number; reauth?: boolean } = {}): Promise<{ url: string; flow: Flow }> {
    const { linkUserId, reauth } = opts;
    let config: client.Configuration;
    try {
      config = await this.configuration();
    } catch {
      throw unreachable(this.settings);
    }
    const verifier = client.randomPKCECodeVerifier();
    const flow: Flow = {
      provider: this.settings.id,
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier,
      next,
      ...(linkUserId ? { linkUserId } : {}),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
      // Linking asks again who is there: the account on the tablet may be a colleague's. After a
      // refusal too: else the provider answers with the same student's account at once.
      ...(linkUserId || reauth ? { prompt: this.settings.reauthPrompt } : {}),
    });
    return { url: url.href, flow };
  }

  /** Exchanges the code of the callback (its query string) and returns who signed in at the provider. */
  async finish(callbackQuery: string, flow: Flow): Promise<OidcIdentity> {
    let config: client.Configuration;
    try {
      config = await this.configuration();
    } catch {
      throw unreachable(this.settings);
    }
    const current = new URL(this.redirectUri);
    current.search = callbackQuery.startsWith('?') ? callbackQuery : `?${callbackQuery}`;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new HttpError(400, FAILED);
      let claims: Record<string, unknown> = idClaims;
      const c = this.settings.claims;
      // Userinfo only when the ID token does not say it all (Google and Entra put it in the ID token).
      if (claims[c.email] === undefined || (c.role && claims[c.role] === undefined) || (c.school && claims[c.school] === undefined)) {
        const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = { ...info, ...idClaims };
      }
      return this.identityOf(idClaims.sub, claims);
    } catch (err) {
      throw this.refusal(err);
    }
  }

  private identityOf(subject: string, claims: Record<string, unknown>): OidcIdentity {
    const c = this.settings.claims;
    const email = claims[c.email];
    const verified = claims[c.emailVerified];
    const role = c.role ? claims[c.role] : undefined;
    const school = c.school ? claims[c.school] : undefined;
    return {
      subject,
      email: typeof email === 'string' && email ? email.trim().toLowerCase() : null,
      emailVerified: this.settings.trustEmail || verified === true || verified === 'true',
      name: typeof claims[c.name] === 'string' ? (claims[c.name] as string) : null,
      roles: (Array.isArray(role) ? role : role === undefined ? [] : [role]).map((r) => String(r).toLowerCase()),
      school: typeof school === 'string' ? school : null,
    };
  }

  /** Any failure of the exchange, in Dutch: the provider could not be reached, or what came back was not right. */
  private refusal(err: unknown): HttpError {
    if (err instanceof HttpError) return err;
    if (err instanceof client.AuthorizationResponseError) {
      // The teacher pressed cancel at her school, or the provider refused her.
      return new HttpError(400, 'Je school heeft het inloggen niet toegestaan of het is afgebroken. Probeer het opnieuw.');
    }
    if (err instanceof client.ClientError && (err.code === 'OAUTH_TIMEOUT' || err.code === 'OAUTH_ABORT'))
      return unreachable(this.settings);
    // fetch's own error: no connection, a refused address.
    if (err instanceof TypeError) return unreachable(this.settings);
    // A refused code (used before, or not this client's), or an ID token that fails a check.
    return new HttpError(400, FAILED);
  }
}

/** One RelyingParty per configured provider; the map is the app's, so each test has its own discovery. */
export function relyingParties(providers: OidcProviderSettings[], publicUrl: string): Map<string, RelyingParty> {
  return new Map(providers.map((p) => [p.id, new RelyingParty(p, publicUrl)]));
}
