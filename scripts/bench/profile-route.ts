/**
 * `npx tsx scripts/bench/profile-route.ts [/index …]`: where a signed-in route's load spends the main
 * thread, for finding what makes Lighthouse's total blocking time. Builds without minification (names
 * stay readable) into .tmp/bench/profile-dist, loads each route with the worker installed and the CPU
 * slowed 4× (as Lighthouse), and prints the tasks over 50 ms and the functions with the most self time.
 * A tool for looking, not a figure: the bench's parts give the figures.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { BENCH_TMP, onCleanup, runCleanups, startAppServer } from './app-server';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/chromium';
import { signInAsTeacher } from './sign-in';
import type { Profiler } from 'node:inspector';

const dist = resolve(BENCH_TMP, 'profile-dist');
if (!process.env.PROFILE_NO_BUILD)
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--minify', 'false', '--emptyOutDir'], { stdio: 'ignore' });
const server = await startAppServer({ staticDir: dist });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
onCleanup(() => browser.close());
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'nl-NL' });
const page = await ctx.newPage();
await signInAsTeacher(page, server.url);

for (const route of process.argv.slice(2).length ? process.argv.slice(2) : ['/index']) {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.goto('about:blank');
  await cdp.send('Profiler.start');
  await page.goto(server.url + route, { waitUntil: 'load' });
  await page.waitForTimeout(5000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profiler.Profile };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const file = new Map<string, number>();
  // Busy stretches: consecutive non-idle samples, an approximation of tasks.
  const stretches: { start: number; ms: number; top: Map<string, number> }[] = [];
  let t = 0;
  let cur: (typeof stretches)[number] | null = null;
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const dt = (deltas[i] ?? 0) / 1000;
    t += dt;
    const n = byId.get(id)!;
    const name = n.callFrame.functionName || '(anonymous)';
    const idle = name === '(idle)';
    if (idle) {
      if (cur && cur.ms > 50) stretches.push(cur);
      cur = null;
      return;
    }
    const where = `${name} ${n.callFrame.url.replace(/.*\//, '')}:${n.callFrame.lineNumber}`;
    self.set(where, (self.get(where) ?? 0) + dt);
    const f = n.callFrame.url.replace(/.*\//, '') || name;
    file.set(f, (file.get(f) ?? 0) + dt);
    cur ??= { start: t, ms: 0, top: new Map() };
    cur.ms += dt;
    cur.top.set(where, (cur.top.get(where) ?? 0) + dt);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(0).padStart(5)} ms  ${k}`);
  console.log(`\n== ${route}: busy stretches over 50 ms (4× CPU)`);
  for (const s of stretches) console.log(`at ${s.start.toFixed(0)} ms, ${s.ms.toFixed(0)} ms:\n    ${top(s.top, 6).join('\n    ')}`);
  console.log(`\n== ${route}: self time by file`);
  console.log(top(file, 15).join('\n'));
  console.log(`\n== ${route}: self time by function`);
  console.log(top(self, 40).join('\n'));
}
await runCleanups();
await server.dispose();
process.exit(0);
