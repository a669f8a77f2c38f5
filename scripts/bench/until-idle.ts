/**
 * Part 1, measured in a browser: every HTML, JS and CSS response of a cold load (no service worker, empty
 * HTTP cache), gzipped at level 9 and summed until the network is idle. Chunks fetched after the first
 * paint count too: a cheap tablet downloads, parses and compiles them all the same.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { BENCH_TMP, onCleanup, startAppServer } from './app-server';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/chromium';
import { signInAsTeacher } from './sign-in';

/** No new HTML/JS/CSS response for this long (after the load event) ends the count. */
const QUIET_MS = 3000;
const CAP_MS = 30_000;

export interface IdleBytes {
  path: string;
  gz: number;
  files: number;
  /** The five largest, as 'name 12.3 KB'. */
  largest: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function measure(ctx: BrowserContext, url: string, path: string): Promise<IdleBytes> {
  const page = await ctx.newPage();
  const sizes = new Map<string, number>();
  let last = Date.now();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (!['document', 'script', 'stylesheet'].includes(type)) return;
    last = Date.now();
    pending.push(
      res
        .body()
        .then((body) => void sizes.set(res.url(), gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  });
  await page.goto(url + path, { waitUntil: 'load' });
  const t0 = Date.now();
  last = Math.max(last, t0);
  while (Date.now() - last < QUIET_MS && Date.now() - t0 < CAP_MS) await page.waitForTimeout(250);
  await Promise.all(pending);
  await page.close();
  const list = [...sizes].sort((a, b) => b[1] - a[1]);
  // Every file with its size, to see what a change moved.
  writeFileSync(
    resolve(BENCH_TMP, `until-idle${path.replace(/\W+/g, '-')}.json`),
    JSON.stringify(Object.fromEntries(list.map(([u, n]) => [new URL(u).pathname, n])), null, 1),
  );
  return {
    path,
    gz: kb(list.reduce((n, [, s]) => n + s, 0)),
    files: list.length,
    largest: list
      .slice(0, Number(process.env.BENCH_LARGEST ?? 5))
      .map(([u, s]) => `${new URL(u).pathname.replace(/^\/assets\//, '')} ${kb(s)} KB`),
  };
}

/** /login as a first visit; /index signed in (tokens in localStorage) but with nothing cached. */
export async function bytesUntilIdle(staticDir: string): Promise<IdleBytes[]> {
  const server = await startAppServer({ staticDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const unregister = onCleanup(() => browser.close());
  try {
    const opts = {
      viewport: { width: 1024, height: 768 },
      locale: 'nl-NL',
      timezoneId: 'Europe/Amsterdam',
      serviceWorkers: 'block',
    } as const;
    const fresh = await browser.newContext(opts);
    const login = await measure(fresh, server.url, '/login');
    // Sign in on that page, then carry only the session (localStorage, cookies) to a new context.
    const page = await fresh.newPage();
    await signInAsTeacher(page, server.url, { worker: false });
    const state = await fresh.storageState();
    await fresh.close();
    const signedIn = await browser.newContext({ ...opts, storageState: state });
    const index = await measure(signedIn, server.url, '/index');
    await signedIn.close();
    return [login, index];
  } finally {
    unregister();
    await browser.close();
    await server.dispose();
  }
}
