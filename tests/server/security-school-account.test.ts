/**
 * The outside review of the school-account sign-in: each finding acted out against two real
 * OpenID Connect providers (oidc-provider), Het Baken's (organisation 1) and De Linde's
 * (organisation 2). Each test failed before its fix.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginPath } from '../../server/auth/oidc/flow-cookie';
import { oidcProvidersFrom } from '../../server/auth/oidc/providers-config';
import { signInAtIdp, startIdp, type TestIdp } from '../helpers/oidc-idp';
import { emailOf, expectRefused, finish, provider, PUBLIC_URL, signedIn, start, startLink } from '../helpers/school-account-flow';
import { COLLEGA, createTestApp, DOCENT, PASSWORD, type TestApp } from '../helpers/test-app';

const uri = (id: string) => `${PUBLIC_URL}/login/schoolaccount/${id}`;
let baken: TestIdp;
let linde: TestIdp;
let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  baken = await startIdp({
    redirectUris: ['school', 'domeinen', 'google'].map(uri),
    // A second account at the provider that carries Sanne's confirmed address.
    accounts: { 'tweede@demoschool.nl': { email: DOCENT, email_verified: true, name: 'Tweede', eduperson_affiliation: ['employee'] } },
  });
  linde = await startIdp({ redirectUris: [uri('linde')] });
  dataDir = await mkdtemp(join(tmpdir(), 'school-account-review-'));
  app = await createTestApp({
    publicUrl: PUBLIC_URL,
    dataDir,
    oidcProviders: oidcProvidersFrom(
      JSON.stringify([
        provider('school', baken.issuer),
        provider('domeinen', baken.issuer, { emailDomains: ['hetbaken.nl'] }),
        provider('google', baken.issuer, { reauthPrompt: 'select_account' }),
        provider('linde', linde.issuer, { name: 'De Linde', organisationIds: [2] }),
      ]),
    ),
  });
});
afterAll(async () => {
  await app.close();
  await baken.close();
  await linde.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signIn(id: string, login: string, extra: Record<string, unknown> = {}) {
  const { url, cookie } = await start(app, '/index', {}, `/api/oidc/${id}/start`, extra);
  return finish(app, await signInAtIdp(url, login), cookie, id);
}

describe('M1: a provider speaks only for the schools it is bound to', () => {
  it("De Linde's provider cannot sign in a teacher of Het Baken by asserting her confirmed address", async () => {
    const before = await signedIn(app);
    // Ahmed (collega@) is a teacher of Het Baken only.
    await expectRefused(app, await signIn('linde', COLLEGA), before, 403, /Vraag een collega van je school om je uit te nodigen/);
    // Sanne teaches at both schools: De Linde's provider speaks for her.
    expect(await emailOf(app, await signIn('linde', DOCENT))).toBe(DOCENT);
  });

  it("with emailDomains, only an address in the school's domains is looked up", async () => {
    const before = await signedIn(app);
    await expectRefused(
      app,
      await signIn('domeinen', COLLEGA),
      before,
      403,
      /Je school gebruikt de Docentenomgeving niet met dit schoolaccount/,
    );
    expect(await emailOf(app, await signIn('domeinen', 'l.bakker@hetbaken.nl'))).toBe('l.bakker@hetbaken.nl');
  });

  it('a link belongs to its issuer: a provider id pointed at another issuer does not reuse it', async () => {
    const [collega] = await app.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [COLLEGA]);
    await app.db.query(`INSERT INTO school_account_links (provider_id, issuer, subject, user_id) VALUES ('school', $1, $2, $3)`, [
      'https://oude-inlogdienst.example',
      'onbevestigd@demoschool.nl',
      collega!.id,
    ]);
    const before = await signedIn(app);
    await expectRefused(app, await signIn('school', 'onbevestigd@demoschool.nl'), before, 403, /niet bevestigd/);
    await app.db.query(`DELETE FROM school_account_links WHERE user_id = $1`, [collega!.id]);
  });

  it('a flow begun at one provider is refused at the callback of another', async () => {
    const { url, cookie } = await start(app, '/index', {}, '/api/oidc/school/start');
    const before = await signedIn(app);
    await expectRefused(app, await finish(app, await signInAtIdp(url, DOCENT), cookie, 'linde'), before, 400, /verlopen/);
  });

  it('stops the server with a clear message for a provider without its schools, or with the old ambiguous key', () => {
    const base = provider('x', 'https://login.example');
    const config = (entry: Record<string, unknown>) => () => oidcProvidersFrom(JSON.stringify([entry]));
    const { organisationIds: _unused, ...unbound } = base;
    expect(config(unbound)).toThrow(/"organisationIds" must list the ids of the portal's schools/);
    expect(config({ ...base, organisationIds: [] })).toThrow(/"organisationIds"/);
    expect(config({ ...base, schools: ['Het Baken'] })).toThrow(/"schools" is no longer read: .*"schoolClaimValues".*"organisationIds"/);
    expect(config({ ...base, trustEmail: true })).toThrow(/"trustEmail" needs "emailDomains".*xms_edov/);
    expect(config({ ...base, emailDomains: ['@hetbaken.nl'] })).toThrow(/is not a domain/);
    expect(config({ ...base, reauthPrompt: 'none' })).toThrow(/"reauthPrompt"/);
    const [ok] = oidcProvidersFrom(
      JSON.stringify([{ ...base, trustEmail: true, emailDomains: ['HetBaken.nl'], schoolClaimValues: ['BRIN 12AB'] }]),
    );
    expect(ok).toMatchObject({
      organisationIds: [1],
      emailDomains: ['hetbaken.nl'],
      schoolClaimValues: ['BRIN 12AB'],
      reauthPrompt: 'login',
    });
  });
});

describe('L1: once linked, the link is the only key at that provider', () => {
  it('another account of the provider with her confirmed address is refused', async () => {
    // Her first sign-in links the account she used.
    expect(await emailOf(app, await signIn('school', DOCENT))).toBe(DOCENT);
    const before = await signedIn(app);
    await expectRefused(
      app,
      await signIn('school', 'tweede@demoschool.nl'),
      before,
      403,
      /al gekoppeld aan een ander schoolaccount van Demoschool/,
    );
    expect(await emailOf(app, await signIn('school', DOCENT))).toBe(DOCENT);
  });
});

describe('M2: linking asks for her password, refuses what is not hers, and tells her', () => {
  const linkWith = async (body: Record<string, unknown>, id = 'school') =>
    app.fastify.inject({
      method: 'POST',
      url: `/api/oidc/${id}/link`,
      headers: await app.as(COLLEGA),
      payload: { next: '/index', ...body },
    });

  it('an access token alone cannot link: the password is asked and checked', async () => {
    const none = await linkWith({});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Vul je wachtwoord in.');
    const wrong = await linkWith({ password: 'fout-fout' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.errors).toEqual({ password: 'Je wachtwoord klopt niet.' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await linkWith({ password: PASSWORD })).statusCode).toBe(200);
  });

  it('guessing the password here is limited as elsewhere', async () => {
    const headers = await app.as(DOCENT);
    const link = (password: string) =>
      app.fastify.inject({ method: 'POST', url: '/api/oidc/school/link', headers, payload: { next: '/index', password } });
    for (let i = 0; i < 5; i++) expect((await link(`fout-${i}`)).statusCode).toBe(400);
    const limited = await link(PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/te vaak een verkeerd wachtwoord/);
  });

  it("a student's account, or a link at a provider of another school, is refused", async () => {
    const auth = await app.as(COLLEGA);
    for (const login of ['stagiair@demoschool.nl', 'leerling@demoschool.nl']) {
      const link = await startLink(app, auth, PASSWORD);
      const res = await finish(app, await signInAtIdp(link.url, login), link.cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().reason).toBe('student');
    }
    // Ahmed is no teacher of De Linde.
    const link = await startLink(app, auth, PASSWORD, 'linde');
    const res = await finish(app, await signInAtIdp(link.url, 'a.ander@delinde.nl'), link.cookie, 'linde');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toMatch(/Je school gebruikt de Docentenomgeving niet met dit schoolaccount/);
    expect(
      await app.db.query(`SELECT 1 FROM school_account_links l JOIN users u ON u.id = l.user_id WHERE u.email = $1`, [COLLEGA]),
    ).toEqual([]);
  });

  it('she gets a mail with a way to undo it, and a password change removes her links', async () => {
    const auth = await app.as(COLLEGA);
    const link = await startLink(app, auth, PASSWORD);
    const linked = await finish(app, await signInAtIdp(link.url, 'onbevestigd@demoschool.nl'), link.cookie);
    expect(linked.json()).toEqual({ linked: true, next: '/teachers' });
    // The .eml files, with quoted-printable's soft line breaks undone.
    const mails = await Promise.all(
      (await readdir(join(dataDir, 'mail'))).map(async (f) => (await readFile(join(dataDir, 'mail', f), 'utf8')).replace(/=\n/g, '')),
    );
    const notice = mails.find((m) => m.includes(`To: ${COLLEGA}`));
    expect(notice).toContain('Subject: Er is een schoolaccount gekoppeld aan je account');
    expect(notice).toContain('"Schoolaccount ontkoppelen" en wijzig je wachtwoord');
    expect(notice).toContain(`${PUBLIC_URL}/index`);

    const change = (from: string, to: string) =>
      app.fastify.inject({
        method: 'POST',
        url: '/api/users/changePassword',
        headers: auth,
        payload: { currentPassword: from, newPassword: to, repeatPassword: to },
      });
    const changed = await change(PASSWORD, 'Nieuw-wachtwoord-9');
    expect(changed.json().message).toMatch(/Je schoolaccount is ontkoppeld/);
    const links = await app.fastify.inject({ url: '/api/oidc/links', headers: auth });
    expect(links.json()).toContainEqual({ provider: 'school', linked: false });
    const before = await signedIn(app);
    await expectRefused(app, await signIn('school', 'onbevestigd@demoschool.nl'), before, 403, /niet bevestigd/);
    expect((await change('Nieuw-wachtwoord-9', PASSWORD)).statusCode).toBe(200);
  });
});

describe('M2: a link begun before a password change', () => {
  it('is void at the callback', async () => {
    const auth = await app.as(COLLEGA);
    const link = await startLink(app, auth, PASSWORD);
    const query = await signInAtIdp(link.url, 'onbevestigd@demoschool.nl');
    const change = (from: string, to: string) =>
      app.fastify.inject({
        method: 'POST',
        url: '/api/users/changePassword',
        headers: auth,
        payload: { currentPassword: from, newPassword: to, repeatPassword: to },
      });
    expect((await change(PASSWORD, 'Nieuw-wachtwoord-9')).statusCode).toBe(200);
    const res = await finish(app, query, link.cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect((await app.fastify.inject({ url: '/api/oidc/links', headers: auth })).json()).toContainEqual({
      provider: 'school',
      linked: false,
    });
    expect((await change('Nieuw-wachtwoord-9', PASSWORD)).statusCode).toBe(200);
  });
});

describe('L2: a flow cookie signs in once', () => {
  it('a second callback with the same cookie and a fresh code is refused', async () => {
    const { url, cookie } = await start(app);
    const first = await signInAtIdp(url, DOCENT);
    // The provider hands out a second code for the same authorisation request (same state).
    const second = await signInAtIdp(url, DOCENT);
    expect(await emailOf(app, await finish(app, first, cookie))).toBe(DOCENT);
    const before = await signedIn(app);
    await expectRefused(app, await finish(app, second, cookie), before, 400, /verlopen of niet op dit apparaat begonnen/);
  });
});

describe('L3: the return path', () => {
  it('a path that normalises to another host comes back as /index', async () => {
    for (const next of ['/.//evil.example', '/./\\evil.example', '/x/..//evil.example/a']) expect(sameOriginPath(next)).toBe('/index');
    expect(sameOriginPath('/classrooms/./5?x=1#y')).toBe('/classrooms/5?x=1#y');
    const { url, cookie } = await start(app, '/.//evil.example');
    expect((await finish(app, await signInAtIdp(url, DOCENT), cookie)).json().next).toBe('/index');
  });
});

describe('after a refusal the provider is asked to ask who is there', () => {
  it("the start call's reauth flag puts prompt=login (or the provider's reauthPrompt) in the request; linking always does", async () => {
    const prompt = async (id: string, extra: Record<string, unknown>) =>
      new URL((await start(app, '/index', {}, `/api/oidc/${id}/start`, extra)).url).searchParams.get('prompt');
    expect(await prompt('school', {})).toBeNull();
    expect(await prompt('school', { reauth: true })).toBe('login');
    expect(await prompt('google', { reauth: true })).toBe('select_account');
    const link = await startLink(app, await app.as(COLLEGA), PASSWORD);
    expect(new URL(link.url).searchParams.get('prompt')).toBe('login');
  });
});
