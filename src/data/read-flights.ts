/**
 * Reads in flight, shared: a second refresh of the same read (same cache key) while the first is on
 * its way joins it instead of asking the server again. A delivered change makes the screens refresh
 * (the delivered event), the screen that made it may reload too, and the shell reads some of the
 * same answers; without this one vote cost up to seven reads (issue 34 item 5).
 *
 * Only a read that started after the last delivered change is joined: one started before may
 * answer what the server had before that change.
 */
interface Flight {
  startedAt: number;
  done: Promise<boolean>;
}

const flights = new Map<string, Flight>();
let lastDeliveredAt = 0;

/** A change was answered by the server at `at` (ms since epoch): reads started before it are not shared any more. */
export function noteDelivered(at: number): void {
  lastDeliveredAt = Math.max(lastDeliveredAt, at);
}

/** Runs `start` for `key`, or joins the run of it already on its way when that one is new enough. */
export function sharedFlight(key: string, start: () => Promise<boolean>): Promise<boolean> {
  const flight = flights.get(key);
  if (flight && flight.startedAt >= lastDeliveredAt) return flight.done;
  const startedAt = Date.now();
  const done = start().finally(() => {
    if (flights.get(key)?.done === done) flights.delete(key);
  });
  flights.set(key, { startedAt, done });
  return done;
}

/** For tests: a flight one test left on its way (its fake timers gone) must not answer the next test's read. */
export function forgetReadFlights(): void {
  flights.clear();
  lastDeliveredAt = 0;
}
