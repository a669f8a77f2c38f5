/**
 * Engine-neutral steps for the cross-engine scenarios: find, click, type and wait, all through the
 * AppDriver, so Chromium and WebKit run the same lines.
 */
import { markTarget, pattern, type AppDriver, type Target } from './driver';

export const PASSWORD = 'Welkom123';

export interface WaitOptions {
  timeout?: number;
  message?: string;
}

/** Polls `fn` in the page until it returns something truthy; survives navigations in between. */
export async function waitFor<R, A = undefined>(
  app: AppDriver,
  fn: (arg: A) => R | Promise<R>,
  arg?: A,
  opts: WaitOptions = {},
): Promise<R> {
  const deadline = Date.now() + (opts.timeout ?? 10_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await app.evaluate(fn, arg);
      if (value) return value;
      last = value;
    } catch (err) {
      // The page navigated mid-call: ask the new one.
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`${opts.message ?? 'condition'} not met within ${opts.timeout ?? 10_000} ms (last: ${String(last)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls a Node-side check (the server's data, say) until it holds. */
export async function eventually<T>(check: () => Promise<T>, ok: (value: T) => boolean, opts: WaitOptions = {}): Promise<T> {
  const deadline = Date.now() + (opts.timeout ?? 10_000);
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${opts.message ?? 'condition'} not met within ${opts.timeout ?? 10_000} ms (last: ${JSON.stringify(value)})`);
    // Not faster: the checks are requests to the server under test.
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits for the element and returns a CSS selector that names it alone. */
export const find = async (app: AppDriver, target: Target, opts: WaitOptions = {}): Promise<string> =>
  (await waitFor(app, markTarget, target, { message: `element ${JSON.stringify(target)}`, ...opts })) as string;

/** Clicks the element; found again when it was re-rendered away between finding and clicking. */
export async function click(app: AppDriver, target: Target, opts?: WaitOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await app.clickCss(await find(app, target, opts));
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

export async function fill(app: AppDriver, target: Target, value: string): Promise<void> {
  await app.fillCss(await find(app, target), value);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const button = (name: string | RegExp, within?: Pick<Target, 'within' | 'withinText'>): Target => ({
  css: 'button, [role="button"], [role="menuitem"], [role="tab"]',
  name: typeof name === 'string' ? name : pattern(name),
  ...within,
});
/** A form field by its label; a required field's label ends in Mantine's ' *'. */
export const field = (label: string | RegExp): Target => ({
  css: 'input, textarea, select',
  name: pattern(typeof label === 'string' ? new RegExp(`^${escaped(label)}( \\*)?$`) : label),
});
/** A tab of the shell's tab bar (a link); the wishlist tab's name goes on with its unread count. */
export const tab = (label: string): Target => ({ css: 'nav a', name: pattern(new RegExp(`^${escaped(label)}( ?\\d+ .*)?$`)) });
export const heading = (name: string | RegExp): Target => ({
  css: 'h1, h2, h3, [role="heading"]',
  name: typeof name === 'string' ? name : pattern(name),
});
export const testId = (id: string, name?: string | RegExp): Target => ({
  css: `[data-testid="${id}"]`,
  name: name === undefined || typeof name === 'string' ? name : pattern(name),
});

/** The text of the first element matching `css`, or null. */
export const textOf = (app: AppDriver, css: string) => app.evaluate((s) => document.querySelector(s)?.textContent?.trim() ?? null, css);

/** Waits until the sync status reads exactly `text` (e.g. 'Online', '2 wachten'). */
export const syncStatus = (app: AppDriver, text: string | RegExp, opts?: WaitOptions) =>
  find(app, testId('sync-status', text), { message: `sync status ${String(text)}`, ...opts });

export async function signIn(app: AppDriver, baseUrl: string, email: string): Promise<void> {
  await app.goto(`${baseUrl}/login`);
  await fill(app, field('E-mailadres'), email);
  await fill(app, field('Wachtwoord'), PASSWORD);
  await click(app, button('Inloggen'));
  await find(app, heading('Dashboard'), { timeout: 20_000 });
}

/** The stored session, as a teacher's tablet keeps it. */
export const tokens = (app: AppDriver) =>
  app.evaluate(() => ({ access: localStorage.getItem('accessToken'), refresh: localStorage.getItem('refreshToken') }));

/** Resolves once a service worker is active for the page (it may not control this page yet). */
export const workerReady = (app: AppDriver) => app.evaluate(async () => Boolean(await navigator.serviceWorker.ready));

/** Closes the notices in the corner (they cover the header's right side), as a teacher would. */
export async function closeNotices(app: AppDriver): Promise<void> {
  await app.evaluate(() =>
    document
      .querySelectorAll<HTMLButtonElement>('.mantine-Notification-root button[aria-label="Melding sluiten"]')
      .forEach((b) => b.click()),
  );
  await waitFor(app, () => document.querySelector('.mantine-Notification-root') === null, undefined, { message: 'notices closed' });
}
