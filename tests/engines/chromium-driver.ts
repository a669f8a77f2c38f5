/** The cross-engine driver on Playwright and Debian's Chromium (the same browser as tests/e2e). */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/chromium';
import type { AppDriver } from './driver';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export async function chromiumDriver(browser: Browser): Promise<AppDriver> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    serviceWorkers: 'allow',
  });
  let page: Page = await context.newPage();
  return {
    engine: 'chromium',
    goto: async (url) => {
      await page.goto(url);
    },
    reload: async () => {
      await page.reload();
    },
    url: async () => page.url(),
    // The page function's argument type is Playwright's own (Unboxed<A>); the callers pass plain data.
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) => page.evaluate(fn as never, arg as never) as Promise<R>,
    // Bounded: a control re-rendered away would hold an unbounded click until the test's timeout.
    clickCss: async (css) => page.locator(css).click({ timeout: 5000 }),
    fillCss: async (css, value) => page.locator(css).fill(value, { timeout: 5000 }),
    reopen: async (url) => {
      // A new tab in the same context shares the profile: storage, the worker and its outbox.
      const next = await context.newPage();
      await page.close();
      page = next;
      await page.goto(url);
    },
    screenshot: () => page.screenshot(),
    close: () => context.close(),
  };
}
