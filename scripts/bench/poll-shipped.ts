/**
 * Part 5b (issue 35): the 5 s poll against the server as `npm start` runs it (server/server.ts with
 * none of the bench's settings: default logging to a file, the server's own JWT secret, PGlite demo
 * data), signed in through the server's own routes, beside the bare Fastify route in the same run;
 * then the same cases once more under a CPU profile, for where a poll's time goes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import type { Result } from 'autocannon';
import type { Database } from '../../server/db/database';
import { BENCH_TMP, startAppServer, tempDir, type AppServer } from './app-server';
import { startBareFastify } from './balancer';
import { CONNECTIONS, load, measured, processCpuMs, threadCpuMs, type Case } from './load-case';
import { describeSplit, describeTop, monotonicUs, splitProfile } from './poll-profile';
import { BURST, RATE } from '../../server/areas/dashboard/poll-limit';
import { fig, type PartResult } from './report';

const TEACHERS = 5000;
/**
 * Seconds per case of the bare route and the 5,000 teachers. Each teacher may poll 30 times and then
 * once a second (poll-limit.ts); at 18,000 polls/s each one polls 3.6 times a second, so her polls
 * run out after about 11 s and a 10 s case measured 5 % of 429s on top of the 304s. 8 s keeps the
 * cases measuring the poll, not its limit, up to 20,000 polls/s.
 */
const SECS = 8;
const POLL = '/api/activities/classroom';
const load1 = () => os.loadavg()[0]!.toFixed(2);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Demo data plus 5,000 teachers of school 1 (classes 1–12), each with a refresh token only the bench knows. */
export async function prepare(db: Database): Promise<string[]> {
  const { migrate } = await import('../../server/db/migrate');
  const { seedIfEmpty } = await import('../../server/db/seed-if-empty');
  await migrate(db);
  await seedIfEmpty(db);
  const rows = await db.query<{ id: number }>(
    `INSERT INTO users (email, name, role, current_organisation_id, current_classroom_id)
     SELECT 'bench-' || g || '@bench.invalid', 'Benchdocent ' || g, 'ADMIN', 1, 1 + (g % 12) FROM generate_series(1, $1::int) g RETURNING id`,
    [TEACHERS],
  );
  await db.query(`INSERT INTO memberships (user_id, organisation_id) SELECT id, 1 FROM users WHERE email LIKE 'bench-%@bench.invalid'`);
  const refresh = rows.map(() => randomBytes(24).toString('base64url'));
  await db.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
     SELECT u, 'bench-' || u, h, now() + interval '1 day' FROM unnest($1::int[], $2::text[]) AS t(u, h)`,
    [rows.map((r) => r.id), refresh.map(sha256)],
  );
  return refresh;
}

/** The demo teacher through the sign-in form, as the login page sends it. */
async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'docent@demoschool.nl',
      password: Buffer.from('Welkom123').toString('base64'),
      encoding: 'base64',
    }).toString(),
  });
  if (!res.ok) throw new Error(`inloggen gaf ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Access tokens the server issues for the 5,000 sessions (the refresh route: no password hashing, no sign-in limit). */
async function refreshAll(url: string, refresh: string[]): Promise<string[]> {
  const out: string[] = new Array(refresh.length);
  for (let k = 0; k < refresh.length; k += CONNECTIONS) {
    await Promise.all(
      refresh.slice(k, k + CONNECTIONS).map(async (token, j) => {
        const res = await fetch(`${url}/api/users/refreshToken/${token}`);
        if (!res.ok) throw new Error(`verversen gaf ${res.status}`);
        const body = (await res.json()) as { accessToken: string; refreshToken: string };
        refresh[k + j] = body.refreshToken;
        out[k + j] = body.accessToken;
      }),
    );
  }
  return out;
}

async function etagsOf(url: string, tokens: string[]): Promise<string[]> {
  const out: string[] = new Array(tokens.length);
  for (let k = 0; k < tokens.length; k += CONNECTIONS) {
    await Promise.all(
      tokens.slice(k, k + CONNECTIONS).map(async (token, j) => {
        const res = await fetch(url + POLL, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        out[k + j] = res.headers.get('etag') ?? '';
      }),
    );
  }
  return out;
}

const bad = (r: Result) => r.non2xx - r['3xx'] + r.errors + r.timeouts;
const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;
const sizeOf = (file: string) => statSync(file).size;
const perRequest = (before: number | null, after: number | null, requests: number) =>
  before === null || after === null || requests === 0 ? null : Math.round(((after - before) * 1000) / requests);

interface Cases {
  many: { tokens: string[]; etags: string[] };
  one: { tokens: string[]; etags: string[] };
}

export async function benchPollShipped(part: PartResult): Promise<void> {
  part.method.push(
    `The server starts as \`npm start\` starts it: \`node --import tsx server/server.ts\` with HOST, PORT, DATA_DIR and STATIC_DIR only (no JWT_SECRET: it makes and stores its own; LOG_LEVEL at its default, info; stdout, the log, to a file). Before it starts the bench migrates and seeds the demo school in DATA_DIR and adds ${TEACHERS} teachers of school 1 (classes 1–12), each with a refresh token.`,
    `The demo teacher signs in through POST /api/users/authenticate (the login form); the ${TEACHERS} teachers get their access tokens from GET /api/users/refreshToken/… (one sign-in each would hash ${TEACHERS} passwords and meet the sign-in limit). Every poll is checked as in production: JWT, session (refresh token not revoked, user active), rate limit.`,
    `autocannon, ${CONNECTIONS} connections, ${SECS} s per case (5 s for (c)) after a 2 s warm-up; the bare Fastify route (scripts/bench/bare-fastify.ts) right before, in the same run. (a) GET ${POLL} rotating over the ${TEACHERS} teachers without If-None-Match (200); (b) the same with each one's ETag (304); (c) the demo teacher alone, 304 and 200: one teacher polls at most 1/s after a burst of 30 (poll-limit.ts), so (c) is mostly 429 and shows what a refusal costs.`,
    "Then the server is started once more under `node --cpu-prof` and (a) and (b) run 5 s each; the profile, cut to each case's seconds, is split by what each sample was doing (scripts/bench/poll-profile.ts): JWT check, session lookup (poll cache), rate limit, ETag, logging (pino), serialisation, security headers, Fastify and HTTP. Per request = CPU time of the API process in the case / requests answered. The profiler slows the process; the split is what counts.",
  );
  const { openPglite } = await import('../../server/db/database');
  const dataDir = tempDir('poll-shipped');
  const logFile = join(dataDir, 'server.log');
  try {
    const db = await openPglite(join(dataDir, 'pglite'));
    let refresh: string[];
    try {
      refresh = await prepare(db);
    } finally {
      await db.close();
    }
    // BENCH_POLL_PROFILE=only: the profile alone, for looking at the split while changing the server.
    let cases: Cases | null = null;
    if (process.env.BENCH_POLL_PROFILE !== 'only') {
      const server = await startAppServer({ dataDir, shipped: { logFile } });
      try {
        cases = await measure(part, server, refresh, logFile);
      } finally {
        await server.dispose();
      }
    }
    await profile(part, dataDir, logFile, cases, refresh);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function signInAll(server: AppServer, refresh: string[]): Promise<Cases> {
  const docent = await signIn(server.url);
  const tokens = await refreshAll(server.url, refresh);
  // Warm-up (JIT, the poll cache) with the 200 poll; it also gives each teacher her ETag.
  await load(server.url, { tokens, path: POLL, duration: 2 });
  return {
    many: { tokens, etags: await etagsOf(server.url, tokens) },
    one: { tokens: [docent], etags: await etagsOf(server.url, [docent]) },
  };
}

async function measure(part: PartResult, server: AppServer, refresh: string[], logFile: string): Promise<Cases> {
  const cases = await signInAll(server, refresh);
  const bare = await startBareFastify();
  let bareRps: number;
  let bareCpu: number | null = null;
  try {
    const cpu0 = processCpuMs(bare.pid);
    const t0 = threadCpuMs(bare.pid);
    const r = await measured(() => load(bare.url, { tokens: ['-'], path: '/bare', duration: SECS }));
    bareRps = Math.round(r.result.requests.average);
    const n = r.result.requests.total;
    bareCpu = perRequest(cpu0, processCpuMs(bare.pid), n);
    const t1 = threadCpuMs(bare.pid);
    const bareThreads =
      t0 && t1 ? `main thread ${perRequest(t0.main, t1.main, n)} µs, other threads ${perRequest(t0.other, t1.other, n)} µs` : undefined;
    part.figures.push(
      fig('bare Fastify route req/s', bareRps, 'req/s', undefined, `${r.cpu}; load ${load1()}`),
      fig('bare Fastify route p99', r.result.latency.p99, 'ms'),
      fig('bare Fastify route: CPU per request', bareCpu, 'µs', undefined, bareThreads),
    );
  } finally {
    await bare.dispose();
  }
  const run = async (label: string, c: Case, share?: number) => {
    const lines0 = lineCount(logFile);
    const bytes0 = sizeOf(logFile);
    const cpu0 = processCpuMs(server.pid());
    const threads0 = threadCpuMs(server.pid());
    const { result: r, cpu } = await measured(() => load(server.url, c));
    const own = perRequest(cpu0, processCpuMs(server.pid()), r.requests.total);
    const threads1 = threadCpuMs(server.pid());
    const split =
      threads0 && threads1
        ? `main thread ${perRequest(threads0.main, threads1.main, r.requests.total)} µs, other threads (GC) ${perRequest(threads0.other, threads1.other, r.requests.total)} µs`
        : '';
    const lines = lineCount(logFile) - lines0;
    const kb = (sizeOf(logFile) - bytes0) / 1024;
    const ok = r.requests.total - bad(r);
    const rps = Math.round((ok / Math.max(1, r.requests.total)) * r.requests.average);
    const mix = `${r.requests.total} req: 200 ${r['2xx']}, 304 ${r['3xx']}, 429 ${r.statusCodeStats['429']?.count ?? 0}, other errors ${bad(r) - (r.statusCodeStats['429']?.count ?? 0)}`;
    const log = `log ${(lines / Math.max(1, r.requests.total)).toFixed(2)} lines, ${((kb * 1024) / Math.max(1, r.requests.total)).toFixed(0)} bytes per request`;
    part.figures.push(
      fig(`${label} req/s`, rps, 'req/s', undefined, `${mix}; ${log}; ${cpu}; load ${load1()}`),
      fig(`${label} p99`, r.latency.p99, 'ms', share === undefined ? undefined : { op: '<=', limit: 5 }),
    );
    // The same ratio from CPU time: steadier than req/s when other work shares the cores.
    const byCpu = own && bareCpu ? Math.round((bareCpu / own) * 100) : null;
    part.figures.push(
      fig(
        `${label}: CPU per request`,
        own,
        'µs',
        undefined,
        `${split}${byCpu === null ? '' : `; bare route's ${bareCpu} µs = ${byCpu} % of it`}`,
      ),
    );
    if (share !== undefined)
      part.figures.push(fig(`${label} as share of the bare route`, Math.round((rps / bareRps) * 100), '%', { op: '>=', limit: share }));
    console.log(
      `   ${label}: ${rps} req/s (${Math.round((rps / bareRps) * 100)} % of bare), p99 ${r.latency.p99} ms; CPU ${own} µs/request (${split}; bare ${bareCpu}); ${mix}; ${log}`,
    );
  };
  await run(`(a) poll 200, ${TEACHERS} teachers`, { tokens: cases.many.tokens, path: POLL, duration: SECS }, 50);
  // Each case starts with the teachers' poll limits full again (30 polls, then 1 a second): at
  // 13,000 polls/s each of 5,000 teachers polls 2.6 times a second, and (a) leaves too little for
  // (b), which then measured the limit's 429s instead of the 304.
  await new Promise((r) => setTimeout(r, (BURST / RATE) * 1000));
  await run(`(b) poll 304, ${TEACHERS} teachers`, { tokens: cases.many.tokens, etags: cases.many.etags, path: POLL, duration: SECS }, 60);
  await run('(c) poll 304, one teacher', { tokens: cases.one.tokens, etags: cases.one.etags, path: POLL, duration: 5 });
  await run('(c) poll 200, one teacher', { tokens: cases.one.tokens, path: POLL, duration: 5 });
  return cases;
}

/** The same server under --cpu-prof: (a) and (b) for 5 s each, the profile split per case. */
async function profile(part: PartResult, dataDir: string, logFile: string, signedIn: Cases | null, refresh: string[]): Promise<void> {
  const profDir = join(dataDir, 'profile');
  const server = await startAppServer({
    dataDir,
    shipped: { logFile },
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', '200'],
  });
  const windows: { label: string; from: number; to: number; requests: number; cpu: number | null }[] = [];
  try {
    // Tokens still hold (the secret is in the database); the new process fills its poll cache.
    const cases = signedIn ?? (await signInAll(server, refresh));
    await load(server.url, { tokens: cases.many.tokens, path: POLL, duration: 2 });
    await etagsOf(server.url, cases.many.tokens);
    for (const [label, c] of [
      ['(a) poll 200', { tokens: cases.many.tokens, path: POLL, duration: 5 }],
      ['(b) poll 304', { tokens: cases.many.tokens, etags: cases.many.etags, path: POLL, duration: 5 }],
    ] as const) {
      const from = monotonicUs();
      const cpu0 = processCpuMs(server.pid());
      const r = await load(server.url, c);
      windows.push({
        label,
        from,
        to: monotonicUs(),
        requests: r.requests.total,
        cpu: perRequest(cpu0, processCpuMs(server.pid()), r.requests.total),
      });
    }
  } finally {
    // The profile is written as the process exits (SIGTERM: server.ts closes and exits 0).
    await server.dispose();
  }
  for (const w of windows) {
    const top = new Map<string, number>();
    const line = `${w.label} profile: ${describeSplit(splitProfile(profDir, w.from, w.to, top), w.requests, w.cpu ?? undefined)}`;
    part.notes.push(line);
    console.log(`   ${line}`);
    console.log(`     most self time in Fastify, HTTP and other: ${describeTop(top, w.requests)}`);
  }
  if (process.env.BENCH_KEEP_PROFILE) cpSync(profDir, resolve(BENCH_TMP, 'poll-profile'), { recursive: true });
}
