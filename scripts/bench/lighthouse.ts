/**
 * Part 2: Lighthouse 12 (default config: mobile emulation, simulated throttling) on five routes,
 * 5 runs each, every budget judged on the worst run (issue 35). The signed-in routes run in a
 * Chromium profile where Playwright signed in first.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BENCH_TMP, onCleanup, startAppServer, tempDir } from './app-server';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/chromium';
import { distDir } from './bundle';
import { analyse } from './main-thread';
import { fig, median, type PartResult } from './report';
import { signInAsTeacher, type PageGlobals } from './sign-in';

// BENCH_RUNS and BENCH_PAGES (comma-separated) narrow a run while trying a change; the budget is 5 runs of all five.
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = process.env.BENCH_PAGES?.split(',') ?? ['/login', '/index', '/classrooms', '/portfolios', '/wishlist'];
/** Leave time for the later parts: stop starting new runs after this (every page gets run 1 first). */
const BUDGET_MS = 330_000;

const GAP_NOTE = `What would close the gaps: TBT is wall time, and on this shared 2-core machine it grows with everyone's load and with Chromium's own software compositing (compare part 2b, CPU time, which does not; \`BENCH_TRACE=1\` keeps each run's trace to compare a long task's wall and CPU time). Re-run on an idle machine before judging a gap. What was left at the last look is in "What is left" below. A failing accessibility audit is named in the findings; the full report of every run is kept as JSON.`;

/** What the page callbacks touch, without DOM types. */
interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  tbt: number;
  /** The same run's trace with each task at its CPU time × 4, not its wall time (part 2b's estimate). */
  cpuTbt: number;
  finalUrl: string;
  /** Accessibility audits that failed, e.g. 'color-contrast: a.some-link'. */
  a11yFailures: string[];
  /** Where the whole report was saved, for `npx lighthouse --view` or a JSON viewer. */
  report: string;
}

/** Every run's report, so a score can be explained afterwards (which audit, which long task). */
const REPORTS = resolve(BENCH_TMP, 'lighthouse');

async function signInProfile(url: string, profile: string): Promise<void> {
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1024, height: 768 },
    locale: 'nl-NL',
  });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await signInAsTeacher(page, url);
    await page.waitForFunction(() => !!(globalThis as unknown as PageGlobals).localStorage.getItem('accessToken'), null, {
      timeout: 10_000,
    });
  } finally {
    await ctx.close();
  }
}

async function runOnce(port: number, url: string, keepStorage: boolean): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: keepStorage,
    maxWaitForLoad: 45_000,
  });
  if (!result) throw new Error(`Lighthouse gaf geen resultaat voor ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  mkdirSync(REPORTS, { recursive: true });
  const report = resolve(REPORTS, `${new URL(url).pathname.replace(/\W+/g, '') || 'root'}-${Date.now()}.json`);
  writeFileSync(report, JSON.stringify(lhr));
  // BENCH_TRACE: the run's trace beside its report, to compare a long task's wall time with its CPU time.
  if (process.env.BENCH_TRACE) writeFileSync(report.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => {
      const items = (a!.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
      const where = items
        .map((i) => i.node?.selector)
        .filter(Boolean)
        .slice(0, 3)
        .join(', ');
      return where ? `${a!.id}: ${where}` : a!.id;
    });
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    // Lighthouse's trace type and part 2b's are the same Chromium trace events, typed apart.
    cpuTbt: analyse(result.artifacts.Trace as unknown as Parameters<typeof analyse>[0]).blocking,
    finalUrl: lhr.finalDisplayedUrl,
    a11yFailures,
    report,
  };
}

export async function benchLighthouse(part: PartResult): Promise<void> {
  part.method.push(
    `Lighthouse ${'12'} from Node (\`lighthouse(url, { port, disableStorageReset })\`) with its default config: mobile form factor and screen emulation, simulated throttling (slow 4G, 4× CPU slowdown); categories performance, accessibility, best-practices.`,
    "Chromium is started with chrome-launcher (CHROME_PATH /usr/bin/chromium, `--headless=new` plus the bench's launch flags), one instance per profile, reused for every run.",
    `/login runs in a fresh profile with Lighthouse's storage reset (a first visit). The other routes run in a profile where Playwright first signed in as docent@demoschool.nl (tokens in localStorage, service worker installed), with \`disableStorageReset: true\` so the session survives.`,
    `Each route ${RUNS} times, round robin. The budgets are judged on the worst run (the lowest score, the highest TBT), as issue 35 asks; the median and every run's figure are beside it; LCP and best-practices are medians. The server is the real one (tsx server/server.ts) serving the bench's build on a fresh seeded PGlite.`,
  );
  const started = Date.now();
  const server = await startAppServer({ staticDir: distDir() });
  const profile = tempDir('lh-profile');
  const chromes: { kill(): unknown }[] = [];
  const unregister = onCleanup(() => chromes.forEach((c) => c.kill()));
  try {
    await signInProfile(server.url, profile);
    const flags = [...CHROMIUM_ARGS, '--headless=new'];
    const fresh = await launch({ chromePath: CHROMIUM, chromeFlags: flags, logLevel: 'silent' });
    chromes.push(fresh);
    const signedIn = await launch({ chromePath: CHROMIUM, chromeFlags: flags, userDataDir: profile, logLevel: 'silent' });
    chromes.push(signedIn);

    const runs = new Map<string, Run[]>(PAGES.map((p) => [p, []]));
    const errors: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const path of PAGES) {
        if (Date.now() - started > BUDGET_MS && i > 0) break;
        const chrome = path === '/login' ? fresh : signedIn;
        console.log(`   run ${i + 1} ${path} (${Math.round((Date.now() - started) / 1000)} s)`);
        try {
          runs.get(path)!.push(await runOnce(chrome.port, server.url + path, path !== '/login'));
        } catch (err) {
          errors.push(err instanceof Error ? err.message.split('\n')[0]! : String(err));
        }
      }
    }
    for (const path of PAGES) {
      const r = runs.get(path)!;
      type Key = keyof Omit<Run, 'finalUrl' | 'a11yFailures' | 'report'>;
      const values = (k: Key) => r.map((x) => x[k]).filter((v) => Number.isFinite(v));
      const m = (k: Key) => median(values(k));
      // Issue 35: the budgets hold in every run, not in the median: each is judged on the worst run.
      const worst = (k: Key, pick: (...v: number[]) => number) => (values(k).length ? Math.round(pick(...values(k))) : null);
      const spread = (k: Key) => `median ${Math.round(m(k) ?? NaN)}, runs ${values(k).map(Math.round).join(', ')}`;
      const n = `${r.length} run${r.length === 1 ? '' : 's'}`;
      part.figures.push(
        fig(
          `${path} performance (lowest run)`,
          worst('performance', Math.min),
          '',
          { op: '>=', limit: 95 },
          `${n}; ${spread('performance')}`,
        ),
        fig(`${path} accessibility (lowest run)`, worst('accessibility', Math.min), '', { op: '>=', limit: 100 }),
        fig(`${path} best-practices`, m('bestPractices'), ''),
        fig(`${path} LCP`, m('lcp') === null ? null : Math.round(m('lcp')!), 'ms'),
        fig(`${path} TBT (highest run)`, worst('tbt', Math.max), 'ms', { op: '<=', limit: 150 }, spread('tbt')),
        // How much of that is the page's own work: the same traces by CPU time, which other processes' load hardly stretches.
        fig(`${path} TBT by CPU time (est., highest run)`, worst('cpuTbt', Math.max), 'ms', undefined, spread('cpuTbt')),
      );
      const failing = [...new Set(r.flatMap((x) => x.a11yFailures))];
      if (failing.length) part.notes.push(`${path} accessibility audits that failed: ${failing.join('; ')}.`);
      const ended = [...new Set(r.map((x) => new URL(x.finalUrl).pathname))].filter((p) => p !== path);
      if (ended.length) part.notes.push(`${path} ended at ${ended.join(', ')} (not signed in?): its figures are of that page.`);
    }
    part.notes.push(`Every run's Lighthouse report (JSON) is in ${REPORTS}.`);
    if (errors.length) part.notes.push(`Runs that failed: ${errors.slice(0, 5).join('; ')}`);
    const gaps = part.figures.some(
      (f) => f.budget && f.value !== null && (f.budget.op === '<=' ? f.value > f.budget.limit : f.value < f.budget.limit),
    );
    if (gaps) part.notes.push(GAP_NOTE);
  } finally {
    chromes.forEach((c) => c.kill());
    unregister();
    await server.dispose();
    rmSync(profile, { recursive: true, force: true });
  }
}
