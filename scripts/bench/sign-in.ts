/** The bench's teacher signing in, as every browser part does before it measures a signed-in route. */
import type { Page } from '@playwright/test';

/** The page's globals the bench reads; no DOM types in scripts/, hence casts to this. */
export interface PageGlobals {
  localStorage: { getItem(key: string): string | null };
  navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } };
}

/**
 * Signs in as docent@demoschool.nl at /login and waits for the dashboard and, unless the context blocks
 * service workers (`worker: false`), for the installed worker.
 */
export async function signInAsTeacher(page: Page, url: string, { worker = true } = {}): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mailadres').fill('docent@demoschool.nl');
  await page.getByLabel('Wachtwoord').fill('Welkom123');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL('**/index', { timeout: 30_000 });
  if (!worker) return;
  // Functions, not strings: the app's CSP forbids eval.
  await page.evaluate(async () => {
    await (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready;
  });
}
