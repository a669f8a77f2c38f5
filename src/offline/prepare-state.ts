/**
 * The saved state of 'Offline beschikbaar maken' (meta 'offline-prepare') and its progress: what the
 * header's sync status shows on every signed-in page. Apart from prepare.ts, so showing it does not
 * load the run (and the endpoint catalogue it reads with).
 */

type PrepareStatus = 'running' | 'paused' | 'cancelled' | 'stopped' | 'done';

interface CopyCounts {
  classes: number;
  students: number;
  items: number;
}

interface ReadySummary extends CopyCounts {
  bytes: number;
  finishedAt: number;
}

export interface PrepareState {
  scope: string;
  apiUrl: string;
  status: PrepareStatus;
  /** 'copy': reading offline/copy into the read cache; 'files': fetching the files it names. */
  phase: 'copy' | 'files';
  /** The version (ETag) of the copy stored in full: the next run asks with If-None-Match. */
  version?: string;
  /** Every file the copy names (portfolio images, documents, exams); kept ones are not fetched again. */
  files: string[];
  /** The size of that copy's answers, for the ready text after a 304. */
  copyBytes?: number;
  /** The copy's counts (what the ready text says once the files are there too). */
  counts?: CopyCounts;
  done: number;
  /** Entries of the copy plus its files; before the copy's first line, the last copy's size. */
  total: number;
  /** What is being fetched now, in Dutch. */
  current: string;
  bytes: number;
  /** Requests this run made to the server (the copy, the file bundles, a token refresh not counted). */
  requests: number;
  /** Entries and files that came with a body; a 304 brings none. */
  downloaded: number;
  startedAt: number;
  /** Dutch reason when paused or stopped. */
  message?: string;
  /** The last run that finished, for 'Klaar voor offline: …'. */
  ready?: ReadySummary;
}

export const progressOf = (s: Pick<PrepareState, 'done' | 'total'>) => {
  const total = Math.max(s.done, s.total);
  return { done: s.done, total, percent: total === 0 ? 0 : Math.min(100, Math.round((s.done / total) * 100)) };
};
