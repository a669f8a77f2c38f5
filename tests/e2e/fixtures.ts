import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server';

export const PASSWORD = 'Welkom123';

/**
 * Today as the browser sees it (the config's timezoneId), as a local midnight for date arithmetic.
 * The test runner's clock is in UTC on CI: from 23:00 UTC (22:00 in summer) its `new Date()` still
 * gives the day before the one the app shows.
 */
export function todayInAmsterdam(): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  return new Date(`${day}T00:00`); // no zone: the runner's local midnight
}

/** axe-core with the WCAG 2.1 A/AA rules: every spec runs it on every page it visits. */
export async function expectAccessible(page: Page): Promise<void> {
  // A dialog still fading in has text at partial opacity: axe would measure a contrast nobody reads.
  // Endless ones (a loader) are left out.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/** Controls a teacher taps must be at least 44×44 px (links inside running text excepted). */
export async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.evaluate(() => {
    const selector =
      'button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], input:not([type="hidden"]), select, textarea, nav a, header a';
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        // Mantine hides the real checkbox/radio input under a larger label target.
        if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
          const label = el.closest('label') ?? el.parentElement;
          const lr = label?.getBoundingClientRect();
          return !lr || lr.height < 44;
        }
        return r.height < 43.5 || r.width < 43.5;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`,
      );
  });
  expect(small, 'touch targets below 44 px').toEqual([]);
}

export async function signIn(page: Page, baseURL: string, email: string, password = PASSWORD): Promise<void> {
  const problems: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  };
  const onError = (e: Error) => problems.push(`pageerror: ${e.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    let answer = await page.goto(`${baseURL}/login`);
    const form = page.getByLabel('E-mailadres');
    const explain = async () => {
      const body = await page.evaluate(() => document.body?.innerText.slice(0, 600) ?? '').catch(() => '(no body)');
      return `sign-in form not shown at ${page.url()} (HTTP ${answer?.status()}): ${JSON.stringify(body)}\n${problems.join('\n')}`;
    };
    // A sign-in page that never shows its form says why, instead of waiting out the test's timeout.
    // CI stop 37 saw it twice, after the other suites, and never alone: the first time is printed and
    // the page loaded once more, as a teacher would; a second time fails the test.
    if (
      !(await form.waitFor({ timeout: 60_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      console.log(`signIn, first try: ${await explain()}`);
      answer = await page.goto(`${baseURL}/login`);
      if (
        !(await form.waitFor({ timeout: 60_000 }).then(
          () => true,
          () => false,
        ))
      )
        throw new Error(await explain());
    }
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

/** A server per test file (worker), started from the seeded template. */
export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect };
