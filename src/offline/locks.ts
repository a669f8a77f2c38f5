/**
 * One holder at a time across the page(s) and the service worker: Web Locks where the browser has
 * them (all current browsers, iPadOS 15.4+), an in-process queue otherwise (tests, very old Safari).
 */
const local = new Map<string, Promise<unknown>>();

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable?: boolean }, cb: (lock: unknown) => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks;
}

/** Runs fn holding the lock; with ifAvailable, returns undefined at once when someone else holds it. */
export async function withLock<T>(name: string, fn: () => Promise<T>, opts: { ifAvailable?: boolean } = {}): Promise<T | undefined> {
  const locks = lockManager();
  if (locks) {
    return locks.request(name, { ifAvailable: !!opts.ifAvailable }, async (lock) => (lock === null ? undefined : fn()));
  }
  const previous = local.get(name);
  if (previous && opts.ifAvailable) return undefined;
  const run = (previous ?? Promise.resolve()).catch(() => undefined).then(fn);
  local.set(name, run);
  try {
    return await run;
  } finally {
    if (local.get(name) === run) local.delete(name);
  }
}
