/**
 * The saved state of 'Offline beschikbaar maken' (meta 'offline-prepare') and its progress: what the
 * header's sync status shows on every signed-in page. Apart from prepare.ts, so showing it does not
 * load the run (and the endpoint catalogue it plans from).
 */
import type { PrepareTask } from './prepare-plan';

type PrepareStatus = 'running' | 'paused' | 'cancelled' | 'stopped' | 'done';

interface ReadySummary {
  classes: number;
  students: number;
  items: number;
  bytes: number;
  finishedAt: number;
}

export interface PrepareState {
  scope: string;
  apiUrl: string;
  status: PrepareStatus;
  queue: PrepareTask[];
  /** Taken but not finished when last saved: put back in front on resume. */
  inFlight: PrepareTask[];
  doneKeys: string[];
  /** Reads expected from class lists whose student lists have not come yet (see expectedFrom). */
  expected: number;
  /** What is being fetched now, in Dutch. */
  current: string;
  bytes: number;
  /** Answers that came with a body; the rest of the reads were unchanged (304) or already stored. */
  downloaded: number;
  startedAt: number;
  /** Dutch reason when paused or stopped. */
  message?: string;
  /** The last run that finished, for 'Klaar voor offline: …'. */
  ready?: ReadySummary;
}

export const progressOf = (s: Pick<PrepareState, 'doneKeys' | 'queue' | 'inFlight' | 'expected'>) => {
  const done = s.doneKeys.length;
  const total = done + s.queue.length + s.inFlight.length + Math.max(0, s.expected);
  return { done, total, percent: total === 0 ? 0 : Math.min(100, Math.round((done / total) * 100)) };
};
