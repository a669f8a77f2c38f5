/**
 * Runs `fn` at most once per `gapMs`: the first call of a quiet spell at once (on the next tick), a
 * burst once more at its end, and never two runs at the same time (a call during a run is run after
 * it). For work a draining outbox would otherwise trigger on every step (re-reading the queue,
 * screens refetching).
 */
export function throttle(fn: () => void | Promise<void>, gapMs: number): () => void {
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  const start = async () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    lastRun = Date.now();
    running = true;
    try {
      await fn();
    } finally {
      running = false;
      if (again) {
        again = false;
        call();
      }
    }
  };
  const call = () => {
    if (timer || again) return;
    timer = setTimeout(() => void start(), Math.max(0, lastRun + gapMs - Date.now()));
  };
  return call;
}
