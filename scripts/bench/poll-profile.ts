/**
 * Where a poll's CPU goes in the API process: a V8 CPU profile (`node --cpu-prof`, written when the
 * server exits) cut to the seconds of one load case and split by what each sample was doing. A sample
 * counts for the innermost frame of its stack that belongs to a known step; one in Fastify or Node
 * only (parsing, routing, writing the socket) counts as 'Fastify and HTTP'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Profiler } from 'node:inspector';

/** Node's own profile types (a `--cpu-prof` file holds a Profiler.Profile), with each node's parent found here. */
type ProfileNode = Profiler.ProfileNode & { parent?: number };

export const STEPS = [
  'auth (JWT)',
  'session lookup',
  'rate limit',
  'ETag',
  'logging',
  'serialisation',
  'headers',
  'Fastify and HTTP',
  'GC and other',
] as const;
export type Step = (typeof STEPS)[number];

/** Innermost match wins; the order here breaks ties within one frame. */
const RULES: [Step, (fn: string, url: string) => boolean][] = [
  [
    'logging',
    (fn, url) =>
      /\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//.test(url) || /fastify\/lib\/logger/.test(url) || fn === 'redactUrl',
  ],
  ['auth (JWT)', (fn, url) => /\/jose\//.test(url) || /server\/auth\/tokens\.ts/.test(url) || fn === 'bearerToken'],
  ['rate limit', (_fn, url) => /poll-limit\.ts/.test(url)],
  ['ETag', (fn, url) => /read-etag\.ts/.test(url) || (/feed-version\.ts/.test(url) && /currentTag|etagOf|digest|stampOf/.test(fn))],
  [
    'session lookup',
    (_fn, url) => /poll-cache\.ts|feed-version\.ts|dashboard\/queries\.ts|server\/db\/|@electric-sql|session-user\.ts/.test(url),
  ],
  ['serialisation', (fn, url) => /activity-feed\.ts|fast-json-stringify/.test(url) || /serialize|stringify/i.test(fn)],
  ['headers', (_fn, url) => /server\/security\.ts/.test(url)],
  // The headers hook hands the answer on synchronously (a callback hook), so the socket write runs
  // inside its frame: what Fastify's send does from there is Fastify and HTTP again.
  ['Fastify and HTTP', (fn, url) => /fastify\/lib\/reply\.js/.test(url) && /^(wrapOnSendEnd|onSendEnd)$/.test(fn)],
];

/** Self time of the process per step during [fromUs, toUs] (the monotonic clock of process.hrtime). */
export function splitProfile(dir: string, fromUs: number, toUs: number, top?: Map<string, number>): Map<Step, number> {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('geen CPU-profiel geschreven');
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profiler.Profile;
  const byId = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
  const stepOf = new Map<number, Step | null>();
  const classify = (id: number): Step | null => {
    if (stepOf.has(id)) return stepOf.get(id)!;
    const n = byId.get(id)!;
    const { functionName: fn, url } = n.callFrame;
    const own = RULES.find(([, test]) => test(fn, url))?.[0] ?? null;
    const step = own ?? (n.parent === undefined ? null : classify(n.parent));
    stepOf.set(id, step);
    return step;
  };
  const split = new Map<Step, number>(STEPS.map((s) => [s, 0]));
  let t = profile.startTime;
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const dt = deltas[i] ?? 0;
    t += dt;
    if (t < fromUs || t > toUs) return;
    const name = byId.get(id)!.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') return;
    const step = classify(id) ?? (name === '(garbage collector)' ? 'GC and other' : isHttp(id, byId) ? 'Fastify and HTTP' : 'GC and other');
    split.set(step, split.get(step)! + dt);
    if (top && (step === 'Fastify and HTTP' || step === 'GC and other')) {
      const f = byId.get(id)!.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*\/server\//, 'server/')}`;
      top.set(key, (top.get(key) ?? 0) + dt);
    }
  });
  return split;
}

function isHttp(id: number, byId: Map<number, ProfileNode>): boolean {
  for (let n = byId.get(id); n; n = n.parent === undefined ? undefined : byId.get(n.parent)) {
    if (
      /fastify|find-my-way|avvio|node:_http|node:net|node:internal\/(streams|stream_base|http)|server\/http\/|server\/app\.ts/.test(
        n.callFrame.url,
      )
    )
      return true;
  }
  return false;
}

/**
 * `auth 3.1 µs (8 %), …` per request. The profiler's ticks are wall time while the thread is busy, which
 * a crowded machine stretches (a tick waits for the core); given the process's CPU time per request
 * (/proc), the shares are applied to that instead.
 */
export function describeSplit(split: Map<Step, number>, requests: number, cpuUsPerRequest?: number): string {
  const total = [...split.values()].reduce((a, b) => a + b, 0);
  const per = cpuUsPerRequest ?? total / Math.max(1, requests);
  const parts = STEPS.map((s) => {
    const share = split.get(s)! / Math.max(1, total);
    return `${s} ${(share * per).toFixed(1)} µs (${Math.round(share * 100)} %)`;
  });
  return `${per.toFixed(1)} µs CPU per request in the API process${cpuUsPerRequest === undefined ? ' (profiler ticks)' : ' (/proc, under the profiler)'}: ${parts.join(', ')}`;
}

/** The functions with the most self time among those counted as 'Fastify and HTTP' or 'other'. */
export function describeTop(top: Map<string, number>, requests: number, n = 12): string {
  return [...top]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${(v / Math.max(1, requests)).toFixed(1)} µs`)
    .join('; ');
}

/** Now on the clock the profile's timestamps use (CLOCK_MONOTONIC on Linux, in µs). */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
