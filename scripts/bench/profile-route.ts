/**
 * `npx tsx scripts/bench/profile-route.ts [/index …]`: where a signed-in route's load spends the main
 * thread, for finding what makes Lighthouse's total blocking time. Builds without minification (names
 * stay readable) into .tmp/bench/profile-dist (PROFILE_NO_BUILD=1 reuses it), loads each route with
 * the worker installed and the CPU slowed 4× (as Lighthouse), and traces it with the sampling profiler
 * on. Each task over 50 ms is printed with React's share in it: a render in slices
 * (renderRootConcurrent, a transition), a render in one piece (renderRootSync: an update outside a
 * transition, useSyncExternalStore, a state set in a layout effect), the commit and the effects
 * flushed with it. Then the functions with the most self time over the whole load. A tool for looking,
 * not a figure: the bench's parts give the figures.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { BENCH_TMP, onCleanup, runCleanups, startAppServer } from './app-server';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/chromium';
import type { TraceEvent as MainThreadEvent } from './main-thread';
import { signInAsTeacher } from './sign-in';

/** With the sampled profile's own events: its chunks carry an id and their data in args. */
interface TraceEvent extends Omit<MainThreadEvent, 'args'> {
  id?: string;
  args?: {
    name?: string;
    data?: { startTime?: number; timeDeltas?: number[]; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] } };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number };
}

const SLOWDOWN = 4;
/** React's entry points whose nesting tells the kind of work (the build is not minified). */
const PHASES = /^(renderRootSync|renderRootConcurrent|commitRoot|flushPassiveEffects|performSyncWorkOnRoot|flushSyncWorkAcrossRoots_impl)$/;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'];

const dist = resolve(BENCH_TMP, 'profile-dist');
if (!process.env.PROFILE_NO_BUILD)
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--minify', 'false', '--emptyOutDir'], { stdio: 'ignore' });
const server = await startAppServer({ staticDir: dist });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
onCleanup(() => browser.close());
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'nl-NL' });
const page = await ctx.newPage();
await signInAsTeacher(page, server.url);

const top = (m: Map<string, number>, n: number, total: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${Math.round((v / Math.max(1, total)) * 100)}% ${k}`);

for (const route of process.argv.slice(2).length ? process.argv.slice(2) : ['/index']) {
  const cdp = await ctx.newCDPSession(page);
  await page.goto('about:blank');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(server.url + route, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // The page's main thread: the renderer main thread with the most task time.
  const tasksOf = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask');
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (m: TraceEvent) => tasksOf(m).reduce((n, t) => n + t.dur!, 0);
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) throw new Error(`${route}: no renderer main thread in the trace`);

  // The sampled profile of that thread: nodes arrive in chunks, each sample with its time delta.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; id: number }[] = [];
  const head = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  let ts = head?.args?.data?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid && e.id === head?.id)) {
    for (const n of chunk.args?.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    (chunk.args?.data?.cpuProfile?.samples ?? []).forEach((id, i) => {
      ts += chunk.args?.data?.timeDeltas?.[i] ?? 0;
      samples.push({ ts, id });
    });
  }
  const stack = (id: number) => {
    const frames: ProfileNode[] = [];
    for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) frames.push(n);
    return frames;
  };

  const tasks = tasksOf(main);
  const t0 = tasks[0]?.ts ?? 0;
  console.log(`\n== ${route}: tasks over 50 ms (CPU slowed ${SLOWDOWN}×)`);
  let blocking = 0;
  for (const task of tasks) {
    const ms = task.dur! / 1000;
    if (ms <= 50) continue;
    blocking += ms - 50;
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < task.ts + task.dur!);
    const phase = new Map<string, number>();
    const self = new Map<string, number>();
    for (const s of inTask) {
      const frames = stack(s.id);
      const key = frames
        .filter((f) => PHASES.test(f.callFrame.functionName))
        .map((f) => f.callFrame.functionName)
        .reverse()
        .join(' > ');
      phase.set(key || '(not React)', (phase.get(key || '(not React)') ?? 0) + 1);
      const leaf = frames[0]?.callFrame;
      const where = leaf ? `${leaf.functionName || '(anonymous)'} ${(leaf.url ?? '').replace(/.*\//, '')}:${leaf.lineNumber}` : '?';
      self.set(where, (self.get(where) ?? 0) + 1);
    }
    console.log(`at ${Math.round((task.ts - t0) / 1000)} ms, ${Math.round(ms)} ms:`);
    console.log(`    ${top(phase, 4, inTask.length).join('\n    ')}`);
    console.log(`    self: ${top(self, 4, inTask.length).join('; ')}`);
  }
  console.log(`blocking (Σ over 50 ms): ${Math.round(blocking)} ms`);

  const byFunction = new Map<string, number>();
  for (const s of samples.filter((x) => x.ts >= t0)) {
    const f = nodes.get(s.id)?.callFrame;
    if (!f || f.functionName === '(idle)') continue;
    const where = `${f.functionName || '(anonymous)'} ${(f.url ?? '').replace(/.*\//, '')}:${f.lineNumber}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + 1);
  }
  const all = [...byFunction.values()].reduce((a, b) => a + b, 0);
  console.log(`\n== ${route}: self time by function (share of busy samples)`);
  console.log(top(byFunction, 25, all).join('\n'));
}
await runCleanups();
await server.dispose();
process.exit(0);
