/**
 * The school-account sign-in (issue 33) across two processes on one PostgreSQL: the flow starts on
 * one and its callback is finished by the other, because the state, nonce and PKCE verifier travel
 * in the encrypted cookie, not in a process's memory; and the other process refuses that cookie again,
 * because its spent state is in the database. Same needs as haproxy.multi.ts.
 */
import { expect, test } from '@playwright/test';
import { IDP_CLIENT_ID, IDP_CLIENT_SECRET, signInAtIdp, startIdp, type TestIdp } from '../helpers/oidc-idp';
import { adminUrl, startCluster, type Cluster } from './cluster';

test.skip(!adminUrl(), 'needs MULTI_DATABASE_URL or DATABASE_URL (a PostgreSQL server)');

// Both processes must name the same redirect address; the test plays the browser, so it need not answer.
const PUBLIC_URL = 'http://portal.test';
let c: Cluster;
let idp: TestIdp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  idp = await startIdp({ redirectUris: [`${PUBLIC_URL}/login/schoolaccount/school`] });
  const provider = {
    id: 'school',
    name: 'Demoschool',
    issuer: idp.issuer,
    clientId: IDP_CLIENT_ID,
    clientSecret: IDP_CLIENT_SECRET,
    organisationIds: [1],
  };
  c = await startCluster({ PUBLIC_URL, OIDC_PROVIDERS: JSON.stringify([provider]) }, 'oidc-');
});
test.afterAll(async () => {
  await c?.close();
  await idp?.close();
});

test('a school-account sign-in started on one process is finished by the other', async () => {
  const [a, b] = c.apps;
  const started = await fetch(`${a.url}/api/oidc/school/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ next: '/classrooms' }),
  });
  expect(started.status).toBe(200);
  const cookie = started.headers
    .getSetCookie()
    .find((s) => s.startsWith('school-account-flow='))!
    .split(';')[0]!;
  const authUrl = ((await started.json()) as { url: string }).url;
  const query = await signInAtIdp(authUrl, 'docent@demoschool.nl');
  // A second code for the same authorisation request (same state), for the replay below.
  const second = await signInAtIdp(authUrl, 'docent@demoschool.nl');

  const finished = await fetch(`${b.url}/api/oidc/school/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query }),
  });
  const body = (await finished.json()) as { accessToken: string; next: string };
  expect(finished.status, JSON.stringify(body)).toBe(200);
  expect(body.next).toBe('/classrooms');
  // And the session works through the balancer.
  const info = await fetch(`${c.url}/api/users/info`, { headers: { authorization: `Bearer ${body.accessToken}` } });
  expect(((await info.json()) as { email: string }).email).toBe('docent@demoschool.nl');

  // The state was spent in the database: the first process refuses the same cookie with a fresh code.
  const replay = await fetch(`${a.url}/api/oidc/school/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query: second }),
  });
  expect(replay.status).toBe(400);
  expect(((await replay.json()) as { error: { message: string } }).error.message).toMatch(/verlopen of niet op dit apparaat begonnen/);
});
