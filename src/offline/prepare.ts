/**
 * 'Offline beschikbaar maken': runs the plan of prepare-plan.ts into the read cache (db.reads, under
 * the keys the screens use) and the file cache (Cache Storage), a few requests at a time. The state,
 * the queue included, is kept in IndexedDB (meta 'offline-prepare') every few hundred milliseconds,
 * so the page shows progress through liveQuery and a run cut off by a reload, a closed app or a
 * dropped connection goes on where it stopped. Runs in the worker; in the page when no worker controls it.
 */
import { api, findEndpoint } from '../api/catalogue';
import { buildRequestInit, endpointUrl } from '../api/request';
import type { CachedRead, OfflineDb } from './db';
import { withLock } from './locks';
import {
  countsOf,
  expand,
  expectedFrom,
  initialTasks,
  taskKey,
  taskLabel,
  type FileTask,
  type PrepareTask,
  type ReadTask,
} from './prepare-plan';
import type { FileStore } from './file-store';
import { giveUpSignal } from './give-up';
import { readCacheKey } from './read-through';
import type { PrepareState } from './prepare-state';
import { GIVE_UP_MS, PREPARE_IDLE_WORKER_MS, PREPARE_KEY, PREPARE_SAVE_EVERY_MS } from '../constants';

export { progressOf, type PrepareState } from './prepare-state';

export const PREPARE_LOCK = 'offline-prepare';
/** Periodic Background Sync's tag for the next morning's refresh: registered by the page, handled by the worker. */
export const PERIODIC_TAG = 'offline-refresh';
/** Never fill the device: stop while this much room is still free (a tablet needs room for other apps' data too). */
/** The abort reason of a run cut short by a new version taking over (resumed, not cancelled). */
export const PREPARE_INTERRUPTED = 'interrupted';

export const STORAGE_MARGIN_BYTES = 200 * 1024 * 1024;
/** Server-friendly and still fast: the demo school's ~1,300 requests take a few seconds locally. */
const PARALLEL = 6;
/** Past the HTTP cache both ways: our own If-None-Match must bring its 304 here (RequestInit.cache; Node's types lack it). */
const NO_STORE = { cache: 'no-store' } as const;
/**
 * Waits before retrying a download the network failed, before the run pauses as offline. Here, not
 * in src/constants.ts: an array is not inlined by the build, so there it would cost a file.
 */
const RETRIES_MS = [500, 1500, 4000];

export interface PrepareDeps {
  db: OfflineDb;
  scope: string;
  apiUrl: string;
  /** Absolute base for the requests (the worker's or the page's origin). */
  origin: string;
  fetchFn: typeof fetch;
  accessToken(): Promise<string | null>;
  /** A new access token after a 401, or null when the session is over. */
  refresh(failed: string | null): Promise<string | null>;
  xsrfToken(): Promise<string | null>;
  files: FileStore;
  /** Free bytes left for this site (quota − usage), or null when the browser does not say. */
  storageLeft(): Promise<number | null>;
  signal?: AbortSignal;
  /**
   * Whether the signed-in teacher and school are still the run's scope. The server answers for the
   * token's current school: after a sign-out or a school switch, answers would land under the wrong key.
   */
  scopeCurrent?: () => Promise<boolean>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const readPrepareState = async (db: OfflineDb) => (await db.meta.get(PREPARE_KEY))?.value as PrepareState | undefined;

/** A new run, or the unfinished one of this scope (after a reload, a cancel or a lost connection). */
function resumeOrStart(previous: PrepareState | undefined, scope: string, apiUrl: string, now: number): PrepareState {
  const unfinished =
    previous && previous.scope === scope && previous.status !== 'done' && (previous.queue.length > 0 || previous.inFlight.length > 0);
  if (unfinished)
    return { ...previous, apiUrl, status: 'running', queue: [...previous.inFlight, ...previous.queue], inFlight: [], message: undefined };
  const ready = previous?.scope === scope ? previous.ready : undefined;
  return {
    scope,
    apiUrl,
    status: 'running',
    queue: initialTasks(),
    inFlight: [],
    doneKeys: [],
    expected: 0,
    current: 'Overzichten',
    bytes: 0,
    downloaded: 0,
    startedAt: now,
    ready,
  };
}

class Offline extends Error {}
class StorageFull extends Error {}

const storageFullMessage = (left: number) =>
  `Gestopt: er is nog maar ${Math.max(0, Math.round(left / 1048576))} MB vrij op dit apparaat. Maak ruimte vrij of verwijder de offline kopie; wat al klaarstaat, blijft bewaard.`;
const SCOPE_CHANGED_MESSAGE = 'Onderbroken: er is een andere gebruiker of school gekozen.';
const OFFLINE_PAUSE_MESSAGE = 'Onderbroken: geen verbinding met de server. Het gaat verder zodra er weer verbinding is.';

/** Runs (or resumes) the preparation; one run at a time across the page and the worker. */
export async function runPrepare(deps: PrepareDeps): Promise<PrepareState | undefined> {
  return withLock(PREPARE_LOCK, () => run(deps), { ifAvailable: true });
}

async function run(deps: PrepareDeps): Promise<PrepareState> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const state = resumeOrStart(await readPrepareState(deps.db), deps.scope, deps.apiUrl, now());
  const seen = new Set([...state.doneKeys, ...state.queue.map(taskKey)]);
  // What this scope holds already, read once: one IndexedDB request per answer made the demo run
  // several times slower than the server. Answers are written in batches, in the same transaction
  // as the state that lists them as done, so a resumed run never skips an answer it did not keep.
  const storedRows = new Map((await deps.db.reads.where('scope').equals(deps.scope).toArray()).map((r) => [r.key, r]));
  const unsaved: CachedRead[] = [];
  let savedAt = 0;
  let scopeChanged = false;
  const save = async (force = false) => {
    if (!force && now() - savedAt < PREPARE_SAVE_EVERY_MS) return;
    savedAt = now();
    if (scopeChanged || (deps.scopeCurrent && !(await deps.scopeCurrent()))) {
      // Checked before the batch is written: what came since the last save may be another scope's.
      // The run ends without a queue, so this scope's next run starts afresh (304s make that cheap).
      scopeChanged = true;
      unsaved.length = 0;
      Object.assign(state, { status: 'cancelled', queue: [], inFlight: [], message: SCOPE_CHANGED_MESSAGE });
      await deps.db.meta.put({ key: PREPARE_KEY, value: structuredClone(state) });
      throw new Offline(SCOPE_CHANGED_MESSAGE);
    }
    const rows = unsaved.splice(0);
    const value = structuredClone(state);
    await deps.db.transaction('rw', deps.db.reads, deps.db.meta, async () => {
      if (rows.length) await deps.db.reads.bulkPut(rows);
      await deps.db.meta.put({ key: PREPARE_KEY, value });
    });
  };
  const keep = (row: CachedRead) => {
    storedRows.set(row.key, row);
    unsaved.push(row);
  };
  try {
    await save(true);
  } catch {
    // Another teacher or school is signed in by now: nothing to do for this scope.
    return state;
  }

  const fetchRead = async (task: ReadTask): Promise<unknown> => {
    const def = findEndpoint(task.endpoint);
    if (!def) return undefined;
    const url = new URL(endpointUrl(def, task, deps.apiUrl), deps.origin).toString();
    const body = def.method !== 'GET' && task.body !== undefined ? JSON.stringify(task.body) : '';
    const key = readCacheKey(deps.scope, def.method, url, body);
    const stored = storedRows.get(key);
    const send = async (token: string | null) => {
      const init = buildRequestInit(def, task, { accessToken: token, xsrfToken: await deps.xsrfToken() });
      const headers = new Headers(init.headers);
      if (stored?.etag) headers.set('If-None-Match', stored.etag);
      // Our own If-None-Match, not the HTTP cache's: a 304 must reach this code.
      return deps.fetchFn(url, { ...init, headers, ...NO_STORE, signal: giveUpSignal(GIVE_UP_MS, deps.signal) });
    };
    let token = await deps.accessToken();
    let res = await send(token);
    if (res.status === 401) {
      token = await deps.refresh(token);
      if (!token) throw new Offline('Je sessie is verlopen: log opnieuw in en probeer het nog een keer.');
      res = await send(token);
    }
    if (res.status === 304 && stored) {
      keep({ ...stored, updatedAt: now() });
      state.bytes += JSON.stringify(stored.data).length;
      return stored.data;
    }
    if (res.status >= 500) throw new TypeError(`server ${res.status}`);
    // Refused (another school's item, a school without licences for this tab): nothing to keep.
    if (!res.ok) return undefined;
    const text = await res.text();
    const data: unknown = JSON.parse(text);
    keep({ key, scope: deps.scope, data, updatedAt: now(), etag: res.headers.get('ETag') ?? undefined });
    state.bytes += text.length;
    state.downloaded += 1;
    return data;
  };

  const fetchFile = async (task: FileTask): Promise<void> => {
    const path = endpointUrl(api.documents.file, { params: { id: task.fileId } });
    const size = await deps.files.size(path);
    if (size !== null) {
      state.bytes += size;
      return;
    }
    const token = await deps.accessToken();
    const res = await deps.fetchFn(new URL(path, deps.origin).toString(), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      ...NO_STORE,
      signal: deps.signal,
    });
    if (res.status >= 500) throw new TypeError(`server ${res.status}`);
    if (!res.ok) return;
    // Not `state.bytes += await …`: that reads the sum before the wait and loses the other workers' additions.
    const stored = await deps.files.put(path, res);
    state.bytes += stored;
    state.downloaded += 1;
  };

  const attempt = async (task: PrepareTask): Promise<void> => {
    for (let i = 0; ; i++) {
      try {
        if (task.kind === 'file') return await fetchFile(task);
        const answer = await fetchRead(task);
        if (answer === undefined) return;
        state.expected += expectedFrom(task, answer);
        for (const next of expand(task, answer)) {
          const k = taskKey(next);
          if (seen.has(k)) continue;
          seen.add(k);
          state.queue.push(next);
        }
        return;
      } catch (err) {
        if (deps.signal?.aborted || err instanceof Offline) throw err;
        if (!(err instanceof TypeError) || i >= RETRIES_MS.length) throw new Offline(OFFLINE_PAUSE_MESSAGE);
        await sleep(RETRIES_MS[i] as number);
      }
    }
  };

  const checkStorage = async () => {
    const left = await deps.storageLeft();
    if (left !== null && left < STORAGE_MARGIN_BYTES) throw new StorageFull(storageFullMessage(left));
  };

  let sinceCheck = 0;
  let failure: unknown = null;
  const worker = async (): Promise<void> => {
    while (!deps.signal?.aborted && failure === null) {
      const task = state.queue.shift();
      if (!task) {
        // Another worker's answer may still add tasks.
        if (state.inFlight.length === 0) return;
        await new Promise((r) => setTimeout(r, PREPARE_IDLE_WORKER_MS));
        continue;
      }
      state.inFlight.push(task);
      state.current = taskLabel(task);
      try {
        if (++sinceCheck >= 100) {
          sinceCheck = 0;
          await checkStorage();
        }
        await attempt(task);
      } catch (err) {
        // The task stays in flight, so a resumed run fetches it first.
        failure ??= err;
        return;
      }
      state.inFlight.splice(state.inFlight.indexOf(task), 1);
      state.doneKeys.push(taskKey(task));
      await save();
    }
  };

  try {
    await checkStorage();
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } catch (err) {
    failure = err;
  }
  if (scopeChanged) {
    // Saved already, as a finished run with nothing left to resume.
  } else if (deps.signal?.aborted) {
    // A new version taking over cuts the run short: it goes on when the app opens again.
    state.status = deps.signal.reason === PREPARE_INTERRUPTED ? 'paused' : 'cancelled';
  } else if (failure !== null) {
    state.status = failure instanceof StorageFull ? 'stopped' : 'paused';
    state.message = failure instanceof StorageFull || failure instanceof Offline ? failure.message : OFFLINE_PAUSE_MESSAGE;
  } else {
    state.status = 'done';
    state.ready = { ...countsOf(state.doneKeys), bytes: state.bytes, finishedAt: now() };
  }
  if (scopeChanged) return state;
  await save(true).catch(() => undefined);
  return state;
}
