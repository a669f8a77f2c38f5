/**
 * `npx tsx scripts/bench/dom-commits.ts [/index …]`: what each DOM change of a signed-in route's load
 * inserted (nodes, deep) and when, to see which commit of React is the large one. A tool for looking.
 */
import { chromium } from '@playwright/test';
import { onCleanup, runCleanups, startAppServer } from './app-server';
import { distDir } from './bundle';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/helpers/chromium';
import { signInAsTeacher } from './sign-in';

const server = await startAppServer({ staticDir: distDir() });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
onCleanup(() => browser.close());
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'nl-NL' });
const page = await ctx.newPage();
await signInAsTeacher(page, server.url);
// A string, not a function: tsx wraps inner functions in a helper the page does not have.
await page.addInitScript(`
  const log = [];
  globalThis.__commits = log;
  const describe = (n) => n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.getAttribute('aria-label') ? '[' + n.getAttribute('aria-label') + ']' : '') + '.' + String(n.className).split(' ').slice(0, 2).join('.');
  new MutationObserver((records) => {
    let nodes = 0;
    const tops = [];
    for (const r of records)
      for (const n of Array.from(r.addedNodes)) {
        if (!(n instanceof Element)) continue;
        nodes += 1 + n.querySelectorAll('*').length;
        if (tops.length < 4) tops.push(describe(n));
      }
    if (nodes) log.push(performance.now().toFixed(0) + ' ms: +' + nodes + ' nodes ' + tops.join(' | '));
  }).observe(document, { childList: true, subtree: true });
`);
for (const route of process.argv.slice(2).length ? process.argv.slice(2) : ['/index']) {
  await page.goto(server.url + route, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  console.log(`\n== ${route} (${await page.evaluate('document.querySelectorAll("*").length')} elements)`);
  for (const line of (await page.evaluate('globalThis.__commits')) as string[]) console.log(line);
}
await runCleanups();
await server.dispose();
process.exit(0);
