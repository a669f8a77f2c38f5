/**
 * After 'Opnieuw laden' the page goes quiet until the new worker controls it and the page reloads:
 * no reads, no polls, no sends. Chromium activates a waiting worker only when the old one has no
 * event in flight, and every request of a controlled page is an event of the old worker. The old one
 * is stopped at once for the update, but a dashboard poll (every 5 s) started it again, and a
 * restarted worker stops only after 30 s without events: the prompt stood for minutes (chaos run,
 * CI stop 38). Should the update fail to install, the page resumes after UPDATE_TAKEOVER_MS.
 */
import { UPDATE_TAKEOVER_MS } from '../constants';

let quietUntil = 0;
let abandon = new AbortController();

/** The tap: from now on the page sends nothing, and what it is sending now is abandoned. */
export function beginTakeover(): void {
  quietUntil = Date.now() + UPDATE_TAKEOVER_MS;
  abandon.abort();
  abandon = new AbortController();
}

export function takingOver(): boolean {
  return Date.now() < quietUntil;
}

/** Aborted when the teacher taps 'Opnieuw laden': a send in flight keeps its key and leaves again after the reload. */
export function takeoverSignal(): AbortSignal {
  return takingOver() ? AbortSignal.abort() : abandon.signal;
}
