/** The browser's part of a school-account sign-in, played against a test app with inject. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { IDP_CLIENT_ID, IDP_CLIENT_SECRET } from './oidc-idp';
import type { TestApp } from './test-app';

export const PUBLIC_URL = 'http://127.0.0.1:8080';
export const FLOW = 'school-account-flow';

/** An OIDC_PROVIDERS entry on a test provider, bound to Het Baken (organisation 1) unless `extra` says otherwise. */
export function provider(id: string, issuer: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: 'Demoschool',
    issuer,
    clientId: IDP_CLIENT_ID,
    clientSecret: IDP_CLIENT_SECRET,
    claims: { role: 'eduperson_affiliation' },
    organisationIds: [1],
    timeoutSeconds: 5,
    ...extra,
  };
}

export async function start(
  t: TestApp,
  next = '/classrooms',
  headers: Record<string, string> = {},
  path = '/api/oidc/school/start',
  extra: Record<string, unknown> = {},
) {
  const res = await t.fastify.inject({ method: 'POST', url: path, headers, payload: { next, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === FLOW);
  expect(cookie?.httpOnly).toBe(true);
  return { url: (res.json() as { url: string }).url, cookie: cookie!.value };
}

/** A signed-in teacher starts linking with her password. */
export const startLink = (t: TestApp, auth: Record<string, string>, password: string, provider = 'school', next = '/teachers') =>
  start(t, next, auth, `/api/oidc/${provider}/link`, { password });

export const finish = (t: TestApp, query: string, cookie?: string, provider = 'school') =>
  t.fastify.inject({
    method: 'POST',
    url: `/api/oidc/${provider}/callback`,
    cookies: cookie ? { [FLOW]: cookie } : {},
    payload: { query },
  });

export async function signedIn(t: TestApp): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refresh_tokens`);
  return row!.n;
}

/** The address whose tokens a successful callback answered. */
export async function emailOf(t: TestApp, res: LightMyRequestResponse): Promise<string> {
  expect(res.statusCode, res.body).toBe(200);
  const info = await t.fastify.inject({ url: '/api/users/info', headers: { authorization: `Bearer ${res.json().accessToken}` } });
  return (info.json() as { email: string }).email;
}

/** A refusal: 4xx, a Dutch message, and no new session. */
export async function expectRefused(t: TestApp, res: LightMyRequestResponse, before: number, status: number, text: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect((res.json() as { error: { message: string } }).error.message).toMatch(text);
  expect(res.body).not.toMatch(/accessToken/);
  expect(await signedIn(t)).toBe(before);
}
