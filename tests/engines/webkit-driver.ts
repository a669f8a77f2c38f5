/**
 * The cross-engine driver on WebKitGTK (the iPad's engine): Debian's WebKitWebDriver starts
 * MiniBrowser (`--automation`) on an Xvfb display, and selenium-webdriver speaks classic W3C
 * WebDriver to it (no BiDi: WebKitWebDriver does not offer it). One display per Playwright worker;
 * one driver and one WebDriver session (a fresh browser profile) per test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../helpers/free-port';
import { Builder, By, error, type WebDriver } from 'selenium-webdriver';
import type { AppDriver } from './driver';

const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
/** X displays this lane may take (a shared machine: other users own the others). */
const DISPLAYS = (process.env.WEBKIT_DISPLAYS ?? '90-94').split('-').map(Number) as [number, number];

export interface WebKitService {
  /** The Xvfb display the drivers start MiniBrowser on. */
  display: string;
  stop(): Promise<void>;
}

/** Starts Xvfb on the first free display of the range; resolves once it accepts clients. */
async function startXvfb(): Promise<{ display: string; proc: ChildProcess }> {
  for (let n = DISPLAYS[0]; n <= DISPLAYS[1]; n++) {
    if (existsSync(`/tmp/.X${n}-lock`)) continue;
    // -displayfd: Xvfb writes the display number to fd 3 once it is ready.
    const proc = spawn('Xvfb', [`:${n}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp', '-displayfd', '3'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    const ready = await new Promise<boolean>((resolve) => {
      proc.stdio[3]?.once('data', () => resolve(true));
      proc.once('exit', () => resolve(false));
      setTimeout(() => resolve(false), 10_000);
    });
    if (ready) return { display: `:${n}`, proc };
    proc.kill('SIGKILL');
  }
  throw new Error(`no free X display in :${DISPLAYS[0]}–:${DISPLAYS[1]}`);
}

function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
    setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
  });
}

/** Starts WebKitWebDriver on the display; resolves once it answers /status. */
async function startDriver(display: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { env: { ...process.env, DISPLAY: display }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/status`)).ok) return { url, proc };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopProcess(proc);
      throw new Error('WebKitWebDriver did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The worker's X display; each test starts its own driver on it (webkitDriver). */
export async function startWebKitService(): Promise<WebKitService> {
  const xvfb = await startXvfb();
  return { display: xvfb.display, stop: () => stopProcess(xvfb.proc) };
}

// A new session normally opens MiniBrowser in about a second; once in CI (about one session in 40)
// it never answered, and the test's whole time went by in the fixture. Such a session is given up
// and tried once more on a fresh driver.
const SESSION_TIMEOUT_MS = 30_000;

async function openSession(service: WebKitService): Promise<{ driver: WebDriver; proc: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    const { url, proc } = await startDriver(service.display);
    const session = new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), SESSION_TIMEOUT_MS);
    });
    const driver = await Promise.race([Promise.resolve(session).catch(() => null), timedOut]);
    clearTimeout(timer);
    if (driver) return { driver, proc };
    // Ending the driver ends the browser it started.
    await stopProcess(proc);
    if (attempt === 2) throw new Error(`WebKitWebDriver opened no session within ${SESSION_TIMEOUT_MS / 1000} s, twice`);
  }
}

export async function webkitDriver(service: WebKitService): Promise<AppDriver> {
  const { driver, proc } = await openSession(service);
  await driver.manage().window().setRect({ width: 1024, height: 768 });
  await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
  return {
    engine: 'webkit',
    goto: (url) => driver.get(url),
    reload: () => driver.navigate().refresh(),
    url: () => driver.getCurrentUrl(),
    evaluate: async <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A) =>
      // W3C "execute script" waits for a returned promise. `__name`: esbuild (tsx) may wrap inner
      // functions in it when keeping names; the page does not have it.
      (await driver.executeScript(`const __name = (f) => f; return (${fn.toString()})(arguments[0]);`, arg ?? null)) as R,
    clickCss: async (css) => {
      // The DOM's own click, not WebDriver's pointer click: WebKitWebDriver's pointer clicks misfired
      // in this lane (refused as intercepted under the sticky header, or landing beside the button in
      // a scrolled table while the machine was loaded), failures of the driver rather than the app.
      // Typing stays native (sendKeys).
      const el = await driver.findElement(By.css(css));
      await driver.executeScript('arguments[0].scrollIntoView({ block: "center" }); arguments[0].focus?.(); arguments[0].click();', el);
    },
    fillCss: async (css, value) => {
      // Native typing; WebKitWebDriver may call a field not interactable while the loading overlay
      // still covers the form, so it is retried briefly.
      const deadline = Date.now() + 5000;
      for (;;) {
        const el = await driver.findElement(By.css(css));
        try {
          await driver.executeScript('arguments[0].scrollIntoView({ block: "center" });', el);
          await el.clear();
          await el.sendKeys(value);
          return;
        } catch (err) {
          if (!(err instanceof error.ElementNotInteractableError) || Date.now() > deadline) throw err;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    },
    reopen: async (url) => {
      // A new window of the same session shares the profile: storage, the worker and its outbox.
      const old = await driver.getWindowHandle();
      await driver.switchTo().newWindow('window');
      const fresh = await driver.getWindowHandle();
      await driver.switchTo().window(old);
      await driver.close();
      await driver.switchTo().window(fresh);
      await driver.get(url);
    },
    screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
    close: async () => {
      await driver.quit().catch(() => undefined);
      await stopProcess(proc);
    },
  };
}
