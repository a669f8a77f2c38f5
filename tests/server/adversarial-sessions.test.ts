/**
 * Sessions under attack: concurrent reuse of a refresh token, the sign-in rate limits under 200
 * attempts (sequential and in parallel), logout, and the password never written to the logs or to
 * any stored row. session.test.ts keeps the single-request cases (reuse revokes the family, 429).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database';
import { COLLEGA, createTestApp, DOCENT, LEERLING, PASSWORD, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');
const signIn = (app: TestApp, email: string, password: string, remoteAddress = '127.0.0.1') =>
  app.fastify.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password: b64(password), encoding: 'base64' }).toString(),
    remoteAddress,
  });
const refresh = (app: TestApp, token: string) => app.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${token}` });
const refreshWithKey = (app: TestApp, token: string, key: string) =>
  app.fastify.inject({ method: 'GET', url: `/api/users/refreshToken/${token}`, headers: { 'idempotency-key': key } });

describe('refresh tokens', () => {
  it('two simultaneous refreshes of one token: at most one succeeds, then the family is revoked', async () => {
    const { refreshToken } = await t.login(COLLEGA);
    const [a, b] = await Promise.all([refresh(t, refreshToken), refresh(t, refreshToken)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0] === 200 ? codes : codes, JSON.stringify([a.body, b.body])).toEqual(codes[0] === 200 ? [200, 401] : [401, 401]);
    for (const res of [a, b]) if (res.statusCode === 401) expect(res.json().error.message).toBeTruthy();
    // The winner's new token belongs to the revoked family: it is refused as well.
    const winner = [a, b].find((r) => r.statusCode === 200);
    if (winner) expect((await refresh(t, (winner.json() as { refreshToken: string }).refreshToken)).statusCode).toBe(401);
    const [row] = await t.db.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM refresh_tokens WHERE revoked_at IS NULL AND user_id = 2 AND family_id = (SELECT family_id FROM refresh_tokens ORDER BY id DESC LIMIT 1)`,
    );
    expect(row!.open).toBe(0);
  });

  it('ten parallel refreshes of one token still give at most one new token', async () => {
    const { refreshToken } = await t.login(COLLEGA);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(t, refreshToken)));
    expect(answers.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
  });

  it('a refresh repeated with its Idempotency-Key after a lost answer gets a new token; the lost one is void', async () => {
    const { refreshToken } = await t.login(COLLEGA);
    const key = 'herhaal-0000-0001';
    const lost = await refreshWithKey(t, refreshToken, key);
    expect(lost.statusCode).toBe(200);
    // The answer never arrived; the tablet repeats the same request, twice.
    const again = await refreshWithKey(t, refreshToken, key);
    expect(again.statusCode).toBe(200);
    const third = await refreshWithKey(t, refreshToken, key);
    expect(third.statusCode).toBe(200);
    const current = (third.json() as { refreshToken: string }).refreshToken;
    const info = await t.fastify.inject({
      method: 'GET',
      url: '/api/users/info',
      headers: { authorization: `Bearer ${(third.json() as { accessToken: string }).accessToken}` },
    });
    expect(info.statusCode).toBe(200);
    expect((await refresh(t, current)).statusCode).toBe(200);
    // A token from an answer that was superseded counts as reuse.
    expect((await refresh(t, (lost.json() as { refreshToken: string }).refreshToken)).statusCode).toBe(401);
  });

  it("a refresh token's life and the repeat window follow the app's clock, not the database's", async () => {
    let ahead = 0;
    const own = await createTestApp({}, () => new Date(Date.now() + ahead));
    try {
      const ttlMs = own.context.tokens.refreshTokenTtl * 1000;
      const early = await own.login(COLLEGA);
      const late = await own.login(COLLEGA);
      ahead = ttlMs - 60_000;
      const key = 'klok-0000-0001';
      expect((await refreshWithKey(own, early.refreshToken, key)).statusCode).toBe(200);
      // Six minutes later by the app's clock the same request is no longer a lost answer: reuse.
      ahead += 6 * 60_000;
      expect((await refreshWithKey(own, early.refreshToken, key)).statusCode).toBe(401);
      // Past its 30 days by the app's clock, an unused token is refused too.
      const expired = await refresh(own, late.refreshToken);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.message).toBeTruthy();
    } finally {
      await own.close();
    }
  });

  it('a spent token with another key, or repeated after a newer token was used, still revokes the family', async () => {
    const first = await t.login(COLLEGA);
    const a = await refreshWithKey(t, first.refreshToken, 'sleutel-aaaa-0001');
    expect((await refreshWithKey(t, first.refreshToken, 'sleutel-bbbb-0002')).statusCode).toBe(401);
    expect((await refresh(t, (a.json() as { refreshToken: string }).refreshToken)).statusCode).toBe(401);

    const second = await t.login(COLLEGA);
    const b = await refreshWithKey(t, second.refreshToken, 'sleutel-cccc-0003');
    const next = await refresh(t, (b.json() as { refreshToken: string }).refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await refreshWithKey(t, second.refreshToken, 'sleutel-cccc-0003')).statusCode).toBe(401);
    expect((await refresh(t, (next.json() as { refreshToken: string }).refreshToken)).statusCode).toBe(401);
  });

  it("logout ends this session's tokens at once; her other device stays signed in", async () => {
    const tablet = await t.login(DOCENT);
    const laptop = await t.login(DOCENT);
    const out = await t.fastify.inject({
      method: 'POST',
      url: '/api/login/logout',
      headers: { authorization: `Bearer ${tablet.accessToken}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(t, tablet.refreshToken)).statusCode).toBe(401);
    expect(
      (await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers: { authorization: `Bearer ${tablet.accessToken}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.fastify.inject({ method: 'GET', url: '/api/users/info', headers: { authorization: `Bearer ${laptop.accessToken}` } }))
        .statusCode,
    ).toBe(200);
    expect((await refresh(t, laptop.refreshToken)).statusCode).toBe(200);
  });

  it('a made-up, a truncated and an expired refresh token are refused', async () => {
    const { refreshToken } = await t.login(COLLEGA);
    expect((await refresh(t, 'x'.repeat(43))).statusCode).toBe(401);
    expect((await refresh(t, refreshToken.slice(0, -1))).statusCode).toBe(401);
    await t.db.query(
      `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND revoked_at IS NULL AND user_id = 2`,
    );
    expect((await refresh(t, refreshToken)).statusCode).toBe(401);
  });
});

describe('sign-in rate limits under 200 attempts', () => {
  // One app for the three attacks, each on its own account and addresses.
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());
  it('many addresses against one account, one after another: blocked after the account limit, even with the right password', async () => {
    {
      const codes: number[] = [];
      for (let i = 0; i < 200; i++) codes.push((await signIn(own, COLLEGA, `fout-${i}`, `10.1.${i >> 8}.${i & 255}`)).statusCode);
      expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(190);
      const right = await signIn(own, COLLEGA, PASSWORD, '10.9.9.9');
      expect(right.statusCode).toBe(429);
      expect(right.json().error.message).toMatch(/Te veel inlogpogingen/);
      expect(right.json()).not.toHaveProperty('accessToken');
    }
  });

  it('many addresses against one account, all at once: the guesses that reach the password check stay within the limit', async () => {
    {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_x, i) => signIn(own, DOCENT, `fout-${i}`, `10.2.${i >> 8}.${i & 255}`)),
      );
      const checked = answers.filter((r) => r.statusCode === 401).length;
      expect(checked, 'password checks performed in a parallel burst').toBeLessThanOrEqual(10);
      // The rest wait for the account's delay (a few seconds here, so the right password may already
      // pass again once the burst is over on a slow engine: a delay, not a lockout).
      const held = answers.filter((r) => r.statusCode === 429);
      expect(held.length).toBeGreaterThanOrEqual(190);
      expect(held[0]!.json().error.message).toMatch(/^Te veel inlogpogingen: op dit account/);
    }
  });

  it('one address against many accounts: blocked after the address limit, even with the right password', async () => {
    {
      const codes: number[] = [];
      for (let i = 0; i < 200; i++) codes.push((await signIn(own, `leerling${i}@demoschool.nl`, 'Welkom123', '10.3.0.1')).statusCode);
      expect(codes.filter((c) => c !== 429).length).toBeLessThanOrEqual(20);
      const right = await signIn(own, LEERLING, PASSWORD, '10.3.0.1');
      expect(right.statusCode).toBe(429);
      // Another address is not affected.
      expect((await signIn(own, LEERLING, PASSWORD, '10.3.0.2')).statusCode).toBe(200);
    }
  });
});

/** Every text-like column of every table that contains `needle`, as "table.column". */
async function columnsContaining(db: Queryable, needle: string): Promise<string[]> {
  const cols = await db.query<{ t: string; c: string }>(
    `SELECT table_name AS t, column_name AS c FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`,
  );
  const hits: string[] = [];
  for (const { t: table, c } of cols) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE strpos("${c}"::text, $1) > 0`, [needle]);
    if ((row?.n ?? 0) > 0) hits.push(`${table}.${c}`);
  }
  return hits;
}

describe('the password is never stored or logged in plain text', () => {
  const NEW = 'Nieuw-Geheim-2024!';

  it('no row holds the password after sign-in and a student password change', async () => {
    const own = t;
    {
      await own.login(COLLEGA);
      await signIn(own, COLLEGA, 'Bijna-Goed-1', '10.4.0.1');
      const [student] = await own.db.query<{ id: number }>(
        `SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1 WHERE u.role = 'STUDENT' AND NOT u.is_external AND u.id > 3 ORDER BY u.id LIMIT 1`,
      );
      const res = await own.fastify.inject({
        method: 'POST',
        url: '/api/users/save',
        headers: { ...(await own.as(COLLEGA)), 'idempotency-key': 'pw-change-0001' },
        payload: { id: student!.id, changepassword: true, adminpassword: PASSWORD, newpassword: NEW, repeatpassword: NEW },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(NEW);
      for (const needle of [PASSWORD, b64(PASSWORD), NEW, b64(NEW), 'Bijna-Goed-1']) {
        expect(await columnsContaining(own.db, needle), needle).toEqual([]);
      }
    }
  });

  it('the server log of sign-ins, refreshes and a password change holds no password or token', async () => {
    // BuildOptions.logger is a boolean (no stream can be passed), so the app runs in a child process
    // with logging on and its stdout is what we read.
    const dir = await mkdtemp(join(tmpdir(), 'adv-log-'));
    const script = join(dir, 'run.mts');
    const root = process.cwd();
    await writeFile(
      script,
      `
import { buildApp } from '${root}/server/app.ts';
import { loadConfig } from '${root}/server/config.ts';
import { cloneTemplate } from '${root}/tests/helpers/template-db.ts';
const db = await cloneTemplate();
const config = { ...loadConfig({}), staticDir: undefined, dataDir: '${dir}', jwtSecret: 'log-test-secret-that-is-long-enough-123', logLevel: 'trace' };
const { fastify } = await buildApp({ db, config, logger: true });
const form = (email, password, encoding = 'base64') => ({ method: 'POST', url: '/api/users/authenticate', headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ email, password: encoding === 'base64' ? Buffer.from(password).toString('base64') : password, encoding }).toString() });
const ok = (await fastify.inject(form('${COLLEGA}', '${PASSWORD}'))).json();
await fastify.inject(form('${COLLEGA}', 'Bijna-Goed-1'));
await fastify.inject(form('${DOCENT}', '${PASSWORD}', 'plain'));
await fastify.inject(form('${DOCENT}', '%%%niet-base64%%%'));
const refreshed = (await fastify.inject({ method: 'GET', url: '/api/users/refreshToken/' + ok.refreshToken })).json();
const [student] = await db.query("SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1 WHERE u.role = 'STUDENT' AND NOT u.is_external AND u.id > 3 ORDER BY u.id LIMIT 1");
await fastify.inject({ method: 'POST', url: '/api/users/save', headers: { authorization: 'Bearer ' + ok.accessToken },
  payload: { id: student.id, changepassword: true, adminpassword: '${PASSWORD}', newpassword: '${NEW}', repeatpassword: '${NEW}' } });
await fastify.inject({ method: 'POST', url: '/api/users/save', headers: { authorization: 'Bearer ' + ok.accessToken },
  payload: { id: student.id, changepassword: true, adminpassword: 'Fout-Eigen-1', newpassword: '${NEW}', repeatpassword: 'anders' } });
const invitation = 'UitnodigingsToken' + 'x'.repeat(30);
await fastify.inject({ method: 'GET', url: '/api/invitations/' + invitation });
await fastify.inject({ method: 'POST', url: '/api/invitations/' + invitation, payload: { password: 'Lang-genoeg-1' } });
const docs = (await fastify.inject({ method: 'GET', url: '/api/documents', headers: { authorization: 'Bearer ' + ok.accessToken } })).json();
const link = docs.flatMap((d) => d.files)[0].url;
await fastify.inject({ method: 'GET', url: link });
const sig = /sig=([^&]+)/.exec(link)[1];
process.stderr.write('TOKENS ' + JSON.stringify([ok.refreshToken, refreshed.refreshToken, ok.accessToken, invitation, sig]) + '\\n');
await fastify.close();
await db.close();
`,
    );
    try {
      const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, NODE_NO_WARNINGS: '1' } });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('close', (c) => resolve({ stdout: out, stderr: err, code: c }));
      });
      expect(code, stderr).toBe(0);
      expect(stdout).toContain('users/authenticate');
      // Issue 15: invitation tokens and download signatures were logged in full.
      expect(stdout).toContain('/api/invitations/[redacted]');
      expect(stdout).toMatch(/\/api\/files\/[^"]*sig=\[redacted\]/);
      expect(stdout.split('\n').filter(Boolean).length).toBeGreaterThan(10);
      const tokens = JSON.parse(/TOKENS (.*)/.exec(stderr)![1]!) as string[];
      for (const secret of [PASSWORD, b64(PASSWORD), NEW, b64(NEW), 'Bijna-Goed-1', b64('Bijna-Goed-1'), 'Fout-Eigen-1', ...tokens]) {
        expect(stdout.includes(secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
