/**
 * OIDC_PROVIDERS: the schools' sign-in services (OpenID Connect) a teacher may sign in with, as a
 * JSON array. Checked at start so a typo stops the server with the variable's name, not the first
 * teacher who taps the button.
 */

interface OidcClaimNames {
  /** Claim with the e-mail address (default `email`). */
  email: string;
  /** Claim that says the provider verified that address (default `email_verified`). */
  emailVerified: string;
  name: string;
  /** Claim with the role or affiliation (`eduPersonAffiliation` at Entree), a string or a list; unset: not checked. */
  role: string | undefined;
  /** Claim naming the school; checked against `schoolClaimValues` when both are set. */
  school: string | undefined;
}

export interface OidcProviderSettings {
  /** In the redirect address and the database: lower case letters, digits and dashes. */
  id: string;
  /** On the button: 'Inloggen met <name>'. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  claims: OidcClaimNames;
  /** Role values that mean a student (compared in lower case). */
  studentRoles: string[];
  /**
   * The portal's schools (organisation ids) this provider speaks for: it may sign in only their
   * teachers, so one school's provider cannot assert the address of another school's teacher.
   */
  organisationIds: number[];
  /** Address domains the provider hands out (lower case); empty: any address of a bound school's teacher. */
  emailDomains: string[];
  /** Values of the school claim (`claims.school`) that are the bound schools; empty: not checked. */
  schoolClaimValues: string[];
  /**
   * Take the e-mail address as verified without the claim; only allowed with `emailDomains`, the
   * domains the school itself hands out addresses in.
   */
  trustEmail: boolean;
  /** The `prompt` that makes the provider ask who is there (linking, after a refusal): Google knows no `login`. */
  reauthPrompt: 'login' | 'select_account';
  /** Give up on the provider after this many seconds (discovery, token, keys, userinfo). */
  timeoutSeconds: number;
}

const ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

function text(raw: Record<string, unknown>, key: string, where: string, fallback?: string): string {
  const v = raw[key] ?? fallback;
  if (typeof v !== 'string' || !v) throw new Error(`OIDC_PROVIDERS ${where}: "${key}" must be a non-empty string`);
  return v;
}

function optionalText(raw: Record<string, unknown>, key: string, where: string): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw new Error(`OIDC_PROVIDERS ${where}: "${key}" must be a string`);
  return v;
}

function list(raw: Record<string, unknown>, key: string, where: string, fallback: string[]): string[] {
  const v = raw[key] ?? fallback;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw new Error(`OIDC_PROVIDERS ${where}: "${key}" must be a list of strings`);
  return v as string[];
}

function organisationIds(r: Record<string, unknown>, where: string): number[] {
  const v = r.organisationIds;
  if (!Array.isArray(v) || !v.length || v.some((x) => !Number.isSafeInteger(x) || (x as number) < 1))
    throw new Error(
      `OIDC_PROVIDERS ${where}: "organisationIds" must list the ids of the portal's schools this provider speaks for (a non-empty list of numbers)`,
    );
  return v as number[];
}

function emailDomains(r: Record<string, unknown>, where: string): string[] {
  const domains = list(r, 'emailDomains', where, []).map((d) => d.trim().toLowerCase());
  const bad = domains.find((d) => !DOMAIN.test(d));
  if (bad !== undefined) throw new Error(`OIDC_PROVIDERS ${where}: "${bad}" in "emailDomains" is not a domain (like school.nl, without @)`);
  return domains;
}

function provider(raw: unknown, index: number): OidcProviderSettings {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`OIDC_PROVIDERS[${index}] must be an object`);
  const r = raw as Record<string, unknown>;
  const id = text(r, 'id', `[${index}]`);
  if (!ID.test(id)) throw new Error(`OIDC_PROVIDERS[${index}]: id "${id}" may hold only a-z, 0-9 and -`);
  const where = `"${id}"`;
  const issuer = text(r, 'issuer', where);
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`OIDC_PROVIDERS ${where}: issuer "${issuer}" is not an address`);
  }
  // Plain http only on this machine (the demo and test provider); anywhere else a token would travel readable.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))) {
    throw new Error(`OIDC_PROVIDERS ${where}: issuer must be https (http only for 127.0.0.1 or localhost)`);
  }
  const claims = (r.claims ?? {}) as Record<string, unknown>;
  if (typeof claims !== 'object' || Array.isArray(claims)) throw new Error(`OIDC_PROVIDERS ${where}: "claims" must be an object`);
  // The old key meant the school claim's values; read now, it could pass for the portal's schools.
  if ('schools' in r)
    throw new Error(
      `OIDC_PROVIDERS ${where}: "schools" is no longer read: put the school claim's values in "schoolClaimValues" and the portal's schools this provider speaks for (organisation ids) in "organisationIds"`,
    );
  const domains = emailDomains(r, where);
  if (r.trustEmail === true && !domains.length)
    throw new Error(
      `OIDC_PROVIDERS ${where}: "trustEmail" needs "emailDomains" (the domains the school hands out); for Microsoft Entra ID use "claims": { "emailVerified": "xms_edov" } instead`,
    );
  const reauthPrompt = r.reauthPrompt ?? 'login';
  if (reauthPrompt !== 'login' && reauthPrompt !== 'select_account')
    throw new Error(`OIDC_PROVIDERS ${where}: "reauthPrompt" must be "login" or "select_account"`);
  const timeoutSeconds = Number(r.timeoutSeconds ?? 5);
  if (!(timeoutSeconds > 0 && timeoutSeconds <= 60)) throw new Error(`OIDC_PROVIDERS ${where}: "timeoutSeconds" must be between 0 and 60`);
  return {
    id,
    name: text(r, 'name', where),
    issuer,
    clientId: text(r, 'clientId', where),
    clientSecret: text(r, 'clientSecret', where),
    scopes: text(r, 'scopes', where, 'openid email profile'),
    claims: {
      email: text(claims, 'email', `${where} claims`, 'email'),
      emailVerified: text(claims, 'emailVerified', `${where} claims`, 'email_verified'),
      name: text(claims, 'name', `${where} claims`, 'name'),
      role: optionalText(claims, 'role', `${where} claims`),
      school: optionalText(claims, 'school', `${where} claims`),
    },
    studentRoles: list(r, 'studentRoles', where, ['student', 'leerling', 'pupil']).map((s) => s.toLowerCase()),
    organisationIds: organisationIds(r, where),
    emailDomains: domains,
    schoolClaimValues: list(r, 'schoolClaimValues', where, []),
    trustEmail: r.trustEmail === true,
    reauthPrompt,
    timeoutSeconds,
  };
}

export function oidcProvidersFrom(raw: string | undefined): OidcProviderSettings[] {
  if (!raw || !raw.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('OIDC_PROVIDERS is not valid JSON');
  }
  if (!Array.isArray(parsed)) throw new Error('OIDC_PROVIDERS must be a JSON array of providers');
  const providers = parsed.map(provider);
  const ids = new Set<string>();
  for (const p of providers) {
    if (ids.has(p.id)) throw new Error(`OIDC_PROVIDERS: id "${p.id}" appears twice`);
    ids.add(p.id);
  }
  return providers;
}
