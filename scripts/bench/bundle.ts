/** Part 1: gzip sizes of what the login and dashboard routes load first, and of every lazy chunk. */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { BENCH_TMP } from './app-server';
import { fig, type PartResult } from './report';
import { bytesUntilIdle } from './until-idle';

export const BENCH_DIST = resolve(BENCH_TMP, 'dist');

/** The build the browser parts measure. */
export function distDir(): string {
  // Another build to compare with (e.g. the one before a change), in the same minutes on a shared machine.
  if (process.env.BENCH_STATIC) return resolve(process.env.BENCH_STATIC);
  if (existsSync(resolve(BENCH_DIST, 'index.html'))) return BENCH_DIST;
  if (existsSync(resolve('dist/index.html'))) return resolve('dist');
  throw new Error('geen build (dist/index.html ontbreekt)');
}

/**
 * Until idle, per route. Issue 34 moved both from 150 to 175 for the design card's packages. /index
 * is 190: a signed-in page follows IndexedDB through Dexie's public liveQuery from its first paint
 * (the worker's refreshes and replays, other tabs), and Dexie is 30.2 KB gz of the 31 KB it added;
 * 175 was an estimate from before it was measured (docs/decisions.md, "Live reads through Dexie's liveQuery").
 */
const INITIAL_BUDGET: Record<string, number> = { '/login': 175, '/index': 190 };
const ROUTE_BUDGET = 60;
/**
 * Lazy chunks with a budget of their own, by name, each with its reason; every other one has
 * ROUTE_BUDGET. Recharts with what it needs (redux toolkit, immer, d3 parts) is ~123 KB gz by itself,
 * so no split of it meets 60 KB; it is loaded on one page only, after the heatmap is shown, when the
 * reader scrolls near a chart (issue 32, docs/decisions.md 'Charts load after the heatmap').
 */
const OWN_BUDGETS: Record<string, { limit: number; why: string }> = {
  'src/ui/chart-bars': { limit: 135, why: 'recharts, only on Voortgang (after the heatmap) and Licenties (below the table)' },
  // Not a route's chunk: start.ts imports React's renderer itself, so it is a lazy chunk by the manifest.
  'node_modules/react-dom/client.js': {
    limit: 65,
    why: "React's renderer (62.7 KB gz in React 19.2), needed before the first paint of every route and not divisible",
  },
};

/** A lazy chunk by its source: 'classrooms/classrooms-page' for a feature's, 'src/ui/chart-bars' otherwise. */
const chunkName = (src: string) => src.replace(/^src\/features\//, '').replace(/\.tsx?$/, '');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function gz(dist: string, file: string, cache: Map<string, number>): number {
  let n = cache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    cache.set(file, n);
  }
  return n;
}

/** The files a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
function closure(m: Manifest, key: string, into = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return into;
  seen.add(key);
  const c = m[key];
  if (!c) return into;
  into.add(c.file);
  for (const css of c.css ?? []) into.add(css);
  for (const imp of c.imports ?? []) closure(m, imp, into, seen);
  return into;
}

const sum = (dist: string, files: Iterable<string>, cache: Map<string, number>) => [...files].reduce((n, f) => n + gz(dist, f, cache), 0);

export async function benchBundle(part: PartResult): Promise<void> {
  part.method.push(
    "`npx vite build --outDir .tmp/bench/dist --manifest` (a separate output directory, so a parallel `npm run build` is not disturbed); the build manifest gives each chunk's static imports and CSS.",
    'Size = `zlib.gzipSync(file, { level: 9 })` per file, summed, in KiB.',
    'Until idle (the budget): Playwright loads the route in Chromium with the service worker blocked and an empty HTTP cache (/login as a first visit; /index with a signed-in session in localStorage), takes the body of every document, script and stylesheet response, gzips each at level 9 and sums them, until no such response has come for 3 s after the load event. Chunks loaded after the first paint (when idle) count.',
    "Manifest figures (no budget, to compare with earlier runs): initial load of a route = index.html + the entry chunk + its static (modulepreload) imports + CSS + the route's page chunk with its own static imports and CSS.",
    'Route chunk = the lazy page chunk itself (dynamic entry); the note gives what the route adds on top of the initial load (its static imports not already loaded).',
  );
  rmSync(BENCH_DIST, { recursive: true, force: true });
  const t0 = Date.now();
  await promisify(execFile)('npx', ['vite', 'build', '--outDir', BENCH_DIST, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
    maxBuffer: 32 * 1024 * 1024,
    timeout: 300_000,
  });
  part.notes.push(`vite build took ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
  const manifestPath = join(BENCH_DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error('geen build-manifest');
  const m = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const cache = new Map<string, number>();
  const entryKey = Object.keys(m).find((k) => m[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('geen entry index.html in het manifest');
  const html = gzipSync(readFileSync(join(BENCH_DIST, 'index.html')), { level: 9 }).length;
  const entry = closure(m, entryKey);

  const pageKey = (name: string) => Object.keys(m).find((k) => m[k]!.isDynamicEntry && k.includes(`/${name}.tsx`));
  const initialFiles = (page: string) => {
    const key = pageKey(page);
    return key ? closure(m, key, new Set(entry)) : null;
  };
  const initialOf = (page: string) => {
    const files = initialFiles(page);
    return files && kb(html + sum(BENCH_DIST, files, cache));
  };
  // What the server actually sends a browser: the build's .br beside each file (vite.config.ts).
  const brotliOf = (page: string) => {
    const files = initialFiles(page);
    const size = (f: string) =>
      existsSync(join(BENCH_DIST, `${f}.br`)) ? statSync(join(BENCH_DIST, `${f}.br`)).size : gz(BENCH_DIST, f, cache);
    return files && kb(size('index.html') + [...files].reduce((n, f) => n + size(f), 0));
  };
  const over: string[] = [];
  for (const idle of await bytesUntilIdle(BENCH_DIST)) {
    const label = `until idle ${idle.path} (HTML+JS+CSS)`;
    const limit = INITIAL_BUDGET[idle.path] ?? 175;
    part.figures.push(fig(label, idle.gz, 'KB gz', { op: '<=', limit }, `${idle.files} files`));
    part.notes.push(`Largest files until idle on ${idle.path}: ${idle.largest.join(', ')}.`);
    if (idle.gz > limit) over.push(label);
  }
  for (const [label, page] of [
    ['initial /login (manifest)', 'login-page'],
    ['initial /index (manifest)', 'dashboard-page'],
  ] as const) {
    part.figures.push(fig(label, initialOf(page), 'KB gz', undefined, `sent as brotli: ${brotliOf(page)} KB`));
  }
  const dashKey = pageKey('dashboard-page');
  const biggest = [...(dashKey ? closure(m, dashKey, new Set(entry)) : entry)]
    .map((f) => [f, gz(BENCH_DIST, f, cache)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  part.notes.push(`Largest files of the initial /index load: ${biggest.map(([f, n]) => `${basename(f)} ${kb(n)} KB`).join(', ')}.`);
  part.notes.push(`Entry chunk alone (with its static imports and CSS, without HTML): ${kb(sum(BENCH_DIST, entry, cache))} KB gz.`);

  const dynamic = Object.keys(m)
    .filter((k) => m[k]!.isDynamicEntry)
    .sort();
  for (const key of dynamic) {
    const c = m[key]!;
    const own = gz(BENCH_DIST, c.file, cache) + (c.css ?? []).reduce((n, f) => n + gz(BENCH_DIST, f, cache), 0);
    const extra = [...closure(m, key)].filter((f) => !entry.has(f));
    const name = chunkName(c.src ?? key);
    const budget = OWN_BUDGETS[name];
    const limit = budget?.limit ?? ROUTE_BUDGET;
    const note = `route adds ${kb(sum(BENCH_DIST, extra, cache))} KB${budget ? `; own budget: ${budget.why}` : ''}`;
    part.figures.push(fig(`chunk ${name}`, kb(own), 'KB gz', { op: '<=', limit }, note));
    if (kb(own) > limit) over.push(basename(c.file));
  }
  for (const name of Object.keys(OWN_BUDGETS)) {
    // A budget for a chunk that is gone would excuse nothing; say so rather than keep it silently.
    if (!dynamic.some((k) => chunkName(m[k]!.src ?? k) === name)) over.push(`${name} (own budget, but no such lazy chunk)`);
  }
  part.notes.push(over.length ? `Over budget: ${over.join(', ')}.` : 'Every initial load and route chunk is within budget.');
  if (over.some((o) => o.startsWith('until idle'))) {
    part.notes.push(
      'What would close the gap (see "Steps of issue 17" below for what was done): on /login, Mantine\'s CSS split per route; on /index, the first paint from the worker\'s answer or a raw IndexedDB read with Dexie and the live query attached once the teacher interacts or a queued change needs it (Dexie is 30 KB gz; loaded when idle it would still count here, see "What is left" below), and the dashboard\'s selects and checkboxes as plain elements like the tables. What the server sends is brotli, smaller still (the manifest figures\' notes).',
    );
  }
}
