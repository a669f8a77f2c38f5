/**
 * Sign-in with the school's own account (issue 33) against a real OpenID Connect provider
 * (oidc-provider on a free port): the whole flow, linking, and every bad input of the issue, each a
 * Dutch refusal with a 4xx that signs nobody in.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oidcProvidersFrom } from '../../server/auth/oidc/providers-config';
import { freePort } from '../helpers/free-port';
import { signInAtIdp, startIdp, type TestIdp } from '../helpers/oidc-idp';
import { emailOf, expectRefused, finish, provider, PUBLIC_URL, FLOW, signedIn, start, startLink } from '../helpers/school-account-flow';
import { COLLEGA, createTestApp, DOCENT, PASSWORD, type TestApp } from '../helpers/test-app';

let idp: TestIdp;
/** One app on the test provider for most tests (a database each is slow); others build their own. */
let app: TestApp;
let own: TestApp | undefined;
let dataDir: string;

/** A port nobody listens on, a server that accepts and never answers, a provider that goes away. */
let downPort: number;
let silent: Server;
let flaky: TestIdp;

beforeAll(async () => {
  idp = await startIdp({ redirectUris: [`${PUBLIC_URL}/login/schoolaccount/school`] });
  downPort = await freePort();
  silent = createServer(() => undefined);
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  flaky = await startIdp({ redirectUris: [`${PUBLIC_URL}/login/schoolaccount/flaky`] });
  const quick = { timeoutSeconds: 1 };
  // The notice of a link is written here as an .eml file (no SMTP_URL).
  dataDir = await mkdtemp(join(tmpdir(), 'school-account-'));
  app = await createTestApp({
    publicUrl: PUBLIC_URL,
    dataDir,
    oidcProviders: oidcProvidersFrom(
      JSON.stringify([
        provider('school', idp.issuer),
        provider('down', `http://127.0.0.1:${downPort}`, quick),
        provider('slow', `http://127.0.0.1:${(silent.address() as { port: number }).port}`, quick),
        provider('flaky', flaky.issuer, quick),
      ]),
    ),
  });
});
afterAll(async () => {
  await app.close();
  await idp.close();
  await flaky.close();
  silent.close();
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  idp.misbehave = {};
  await own?.close();
  own = undefined;
});

describe('sign-in with the school account', () => {
  it('without OIDC_PROVIDERS the configuration lists no provider and the calls are refused', async () => {
    own = await createTestApp();
    const config = await own.fastify.inject({ url: '/api/config' });
    expect(config.json().school_accounts).toEqual([]);
    const res = await own.fastify.inject({ method: 'POST', url: '/api/oidc/school/start', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/bestaat niet/);
    // A database of its own: slow on a busy machine.
  }, 120_000);

  it('signs an existing teacher in with the same tokens as a password sign-in and returns where she was going', async () => {
    expect((await app.fastify.inject({ url: '/api/config' })).json().school_accounts[0]).toEqual({ id: 'school', name: 'Demoschool' });
    const { url, cookie } = await start(app, '/classrooms?x=1');
    const authUrl = new URL(url);
    expect(authUrl.origin).toBe(idp.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    // The verifier is in the cookie, encrypted: not readable in it.
    expect(cookie).not.toContain(authUrl.searchParams.get('state'));

    const query = await signInAtIdp(url, DOCENT);
    const res = await finish(app, query, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { accessToken: string; refreshToken: string; next: string };
    expect(body.next).toBe('/classrooms?x=1');
    expect(res.headers['cache-control']).toBe('no-store');
    // The flow cookie is spent.
    expect(res.cookies.find((c) => c.name === FLOW)?.value).toBe('');
    const info = await app.fastify.inject({ url: '/api/users/info', headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(info.json().email).toBe(DOCENT);
    const refreshed = await app.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${body.refreshToken}` });
    expect(refreshed.statusCode).toBe(200);
  });

  it('refuses a student by the account found and by affiliation, with the reason the page sends to /notauthorized', async () => {
    for (const login of ['leerling@demoschool.nl', 'stagiair@demoschool.nl']) {
      const before = await signedIn(app);
      const { url, cookie } = await start(app);
      const res = await finish(app, await signInAtIdp(url, login), cookie);
      await expectRefused(app, res, before, 403, /Leerlingen/);
      expect(res.json().reason).toBe('student');
    }
  });

  it('does not create an unknown teacher: she is told to ask a colleague for an invitation', async () => {
    const before = await signedIn(app);
    const { url, cookie } = await start(app);
    const res = await finish(app, await signInAtIdp(url, 'nieuw@demoschool.nl'), cookie);
    await expectRefused(app, res, before, 403, /Vraag een collega van je school om je uit te nodigen/);
    const [users] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = 'nieuw@demoschool.nl'`);
    expect(users!.n).toBe(0);
  });

  it('refuses an unverified e-mail address', async () => {
    const before = await signedIn(app);
    const { url, cookie } = await start(app);
    const res = await finish(app, await signInAtIdp(url, 'onbevestigd@demoschool.nl'), cookie);
    await expectRefused(app, res, before, 403, /niet bevestigd/);
  });

  it('links and unlinks the account: linked, its subject signs in whatever its e-mail says', async () => {
    const auth = await app.as(COLLEGA);
    const links = async () => (await app.fastify.inject({ url: '/api/oidc/links', headers: auth })).json()[0];
    expect(await links()).toEqual({ provider: 'school', linked: false });
    // The unverified account (sub onbevestigd@…) is linked by the signed-in colleague.
    const link = await startLink(app, auth, PASSWORD);
    const linked = await finish(app, await signInAtIdp(link.url, 'onbevestigd@demoschool.nl'), link.cookie);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ linked: true, next: '/teachers' });
    expect(await links()).toEqual({ provider: 'school', linked: true });

    const again = await start(app);
    const res = await finish(app, await signInAtIdp(again.url, 'onbevestigd@demoschool.nl'), again.cookie);
    expect(await emailOf(app, res)).toBe(COLLEGA);

    const unlink = await app.fastify.inject({ method: 'DELETE', url: '/api/oidc/school/link', headers: auth });
    expect(unlink.statusCode).toBe(200);
    const before = await signedIn(app);
    const third = await start(app);
    await expectRefused(
      app,
      await finish(app, await signInAtIdp(third.url, 'onbevestigd@demoschool.nl'), third.cookie),
      before,
      403,
      /niet bevestigd/,
    );
  });
});

describe('bad input: a Dutch message, a 4xx, nobody signed in', () => {
  it('a missing or forged state', async () => {
    const before = await signedIn(app);
    const { url, cookie } = await start(app);
    const query = await signInAtIdp(url, DOCENT);
    await expectRefused(app, await finish(app, query), before, 400, /verlopen of niet op dit apparaat begonnen/);
    await expectRefused(app, await finish(app, query, 'vervalst.cookie'), before, 400, /verlopen of niet op dit apparaat begonnen/);
    const forged = new URLSearchParams(query);
    forged.set('state', 'een-andere-state');
    await expectRefused(app, await finish(app, `?${forged}`, cookie), before, 400, /niet gelukt/);
    // A flow of its own: the one above is spent.
    const other = await start(app);
    const noState = new URLSearchParams(await signInAtIdp(other.url, DOCENT));
    noState.delete('state');
    await expectRefused(app, await finish(app, `?${noState}`, other.cookie), before, 400, /niet gelukt/);
  });

  it('a replayed code (its flow is spent with it)', async () => {
    const { url, cookie } = await start(app);
    const query = await signInAtIdp(url, DOCENT);
    expect((await finish(app, query, cookie)).statusCode).toBe(200);
    const before = await signedIn(app);
    await expectRefused(app, await finish(app, query, cookie), before, 400, /verlopen of niet op dit apparaat begonnen/);
  });

  it('an ID token with another nonce', async () => {
    idp.misbehave = { nonce: 'een-andere-nonce' };
    const before = await signedIn(app);
    const { url, cookie } = await start(app);
    await expectRefused(app, await finish(app, await signInAtIdp(url, DOCENT), cookie), before, 400, /niet gelukt/);
  });

  it('an expired ID token', async () => {
    idp.misbehave = { clockBehindSeconds: 7200 };
    const before = await signedIn(app);
    const { url, cookie } = await start(app);
    await expectRefused(app, await finish(app, await signInAtIdp(url, DOCENT), cookie), before, 400, /niet gelukt/);
  });

  it('an ID token signed with another key, or from another issuer', async () => {
    const uris = [`${PUBLIC_URL}/login/schoolaccount/school`];
    // Same issuer name, its own keys; and another issuer: both answer with the code store they share.
    const otherKey = await startIdp({ redirectUris: uris, issuer: idp.issuer });
    const otherIssuer = await startIdp({ redirectUris: uris });
    try {
      for (const tokenFrom of [otherKey, otherIssuer]) {
        idp.misbehave = { tokenFrom };
        const before = await signedIn(app);
        const { url, cookie } = await start(app);
        await expectRefused(app, await finish(app, await signInAtIdp(url, DOCENT), cookie), before, 400, /niet gelukt/);
      }
    } finally {
      await otherKey.close();
      await otherIssuer.close();
    }
  });

  it('a provider that is down, or too slow: the server gives up after a few seconds', async () => {
    for (const id of ['down', 'slow']) {
      const began = Date.now();
      const res = await app.fastify.inject({ method: 'POST', url: `/api/oidc/${id}/start`, payload: {} });
      expect(res.statusCode).toBe(424);
      expect(res.json().error.message).toMatch(/De inlogdienst van Demoschool reageert niet/);
      expect(res.cookies.find((c) => c.name === FLOW)).toBeUndefined();
      expect(Date.now() - began).toBeLessThan(5000);
    }
  });

  it('a provider that goes down between start and callback', async () => {
    const { url, cookie } = await start(app, '/index', {}, '/api/oidc/flaky/start');
    const query = await signInAtIdp(url, DOCENT);
    await flaky.close();
    const before = await signedIn(app);
    await expectRefused(app, await finish(app, query, cookie, 'flaky'), before, 424, /reageert niet/);
  });

  it('a callback for a provider that is not configured', async () => {
    const { url, cookie } = await start(app);
    const query = await signInAtIdp(url, DOCENT);
    const before = await signedIn(app);
    await expectRefused(app, await finish(app, query, cookie, 'andere-school'), before, 404, /bestaat niet/);
  });

  it('an open redirect through the return address: only a path on this site comes back', async () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/login?next=//evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
    ]) {
      const { url, cookie } = await start(app, next);
      const res = await finish(app, await signInAtIdp(url, DOCENT), cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().next).toBe('/index');
    }
  });
});
