/**
 * 'Offline beschikbaar maken': one read of the teacher's copy (offline/copy: every read her screens
 * need, as the server read them in one transaction) laid into the read cache under the keys those
 * screens look up, then the files it names in bundles (offline/files) into the file cache. A handful
 * of requests in all. The state is kept in IndexedDB (meta 'offline-prepare'), written in the same
 * transaction as each batch of answers, so the page shows progress through liveQuery and a run cut off
 * goes on where it stopped: a copy cut off is read again, the files already kept are not fetched
 * again. Runs in the worker; in the page when no worker controls it.
 */
import { api, findEndpoint } from '../api/catalogue';
import { FILES_PER_REQUEST, type OfflineCopyEntry } from '../api/offline/types';
import { endpointUrl } from '../api/request';
import { bundledFiles, copyParts, isHeader } from './copy-stream';
import type { CachedRead, OfflineDb } from './db';
import type { FileStore } from './file-store';
import { giveUpSignal } from './give-up';
import { withLock } from './locks';
import type { PrepareState } from './prepare-state';
import { readCacheKey } from './read-through';
import { parseScope } from './row-scope';
import { GIVE_UP_MS, PREPARE_KEY, PREPARE_SAVE_EVERY_MS } from '../constants';

export { progressOf, type PrepareState } from './prepare-state';

export const PREPARE_LOCK = 'offline-prepare';
/** Periodic Background Sync's tag for the next morning's refresh: registered by the page, handled by the worker. */
export const PERIODIC_TAG = 'offline-refresh';
/** The abort reason of a run cut short by a new version taking over (resumed, not cancelled). */
export const PREPARE_INTERRUPTED = 'interrupted';
/** Never fill the device: stop while this much room is still free (a tablet needs room for other apps' data too). */
export const STORAGE_MARGIN_BYTES = 200 * 1024 * 1024;
/** File bundles on their way at once: the server reads the files one after another per request. */
const PARALLEL_BUNDLES = 3;
/** Entries laid into IndexedDB per transaction (with the state that counts them). */
const BATCH = 200;
/**
 * The copy is one request for what were a thousand: the server reads every answer before the first
 * line, so it may take longer than one read may, but never forever (src/offline/give-up.ts).
 */
const COPY_GIVE_UP_MS = 3 * GIVE_UP_MS;
/** Past the HTTP cache both ways: our own If-None-Match must bring its 304 here (RequestInit.cache; Node's types lack it). */
const NO_STORE = { cache: 'no-store' } as const;
/** Waits before retrying what the network failed, before the run pauses as offline (not in constants.ts: an array there costs a file). */
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
  files: FileStore;
  /** Free bytes left for this site (quota − usage), or null when the browser does not say. */
  storageLeft(): Promise<number | null>;
  signal?: AbortSignal;
  /**
   * Whether the signed-in teacher and school are still the run's scope. The server answers for the
   * token's teacher: after a sign-out and another sign-in, answers would land under the wrong key.
   */
  scopeCurrent?: () => Promise<boolean>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const readPrepareState = async (db: OfflineDb) => (await db.meta.get(PREPARE_KEY))?.value as PrepareState | undefined;

/** A new run, or the files of this scope's unfinished one (after a reload, a cancel or a lost connection). */
function resumeOrStart(previous: PrepareState | undefined, scope: string, apiUrl: string, now: number): PrepareState {
  const mine = previous?.scope === scope ? previous : undefined;
  // A state of the per-read version (before the copy was one read) has no phase: it starts afresh.
  if (mine?.phase === 'files' && mine.status !== 'done')
    return { ...mine, apiUrl, status: 'running', message: undefined, current: 'Bestanden en afbeeldingen' };
  return {
    scope,
    apiUrl,
    status: 'running',
    phase: 'copy',
    version: mine?.phase ? mine.version : undefined,
    copyBytes: mine?.copyBytes,
    counts: mine?.counts,
    files: mine?.files ?? [],
    done: 0,
    total: mine?.ready ? mine.total : 0,
    current: 'Klassen, leerlingen en portfolio’s',
    bytes: 0,
    requests: 0,
    downloaded: 0,
    startedAt: now,
    ready: mine?.ready,
  };
}

class Stop extends Error {}
class StorageFull extends Stop {}

const storageFullMessage = (left: number) =>
  `Gestopt: er is nog maar ${Math.max(0, Math.round(left / 1048576))} MB vrij op dit apparaat. Maak ruimte vrij of verwijder de offline kopie; wat al klaarstaat, blijft bewaard.`;
const SCOPE_CHANGED_MESSAGE = 'Onderbroken: er is een andere gebruiker of school gekozen.';
const OFFLINE_PAUSE_MESSAGE = 'Onderbroken: geen verbinding met de server. Het gaat verder zodra er weer verbinding is.';
const SESSION_OVER_MESSAGE = 'Je sessie is verlopen: log opnieuw in en probeer het nog een keer.';
class ScopeChanged extends Stop {
  constructor() {
    super(SCOPE_CHANGED_MESSAGE);
  }
}

/** Runs (or resumes) the preparation; one run at a time across the page and the worker. */
export async function runPrepare(deps: PrepareDeps): Promise<PrepareState | undefined> {
  return withLock(PREPARE_LOCK, () => run(deps), { ifAvailable: true });
}

async function run(deps: PrepareDeps): Promise<PrepareState> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const state = resumeOrStart(await readPrepareState(deps.db), deps.scope, deps.apiUrl, now());
  const school = { organisationId: parseScope(deps.scope)?.organisationId ?? 0 };
  const unsaved: CachedRead[] = [];
  let savedAt = 0;

  /** The state, and the answers since the last save in the same transaction: a resumed run never counts an answer it did not keep. */
  const save = async (force = false) => {
    if (!force && now() - savedAt < PREPARE_SAVE_EVERY_MS && unsaved.length < BATCH) return;
    savedAt = now();
    // Checked before the batch is written: what came since the last save may be another teacher's.
    if (deps.scopeCurrent && !(await deps.scopeCurrent())) throw new ScopeChanged();
    const rows = unsaved.splice(0);
    const value = structuredClone(state);
    await deps.db.transaction('rw', deps.db.reads, deps.db.meta, async () => {
      if (rows.length) await deps.db.reads.bulkPut(rows);
      await deps.db.meta.put({ key: PREPARE_KEY, value });
    });
  };

  /** One request with the session: a 401 refreshes the token once; no network is retried, then pauses. */
  const request = async (url: string, headers: Record<string, string>, giveUpMs: number): Promise<Response> => {
    for (let i = 0; ; i++) {
      try {
        const send = async (token: string | null) =>
          deps.fetchFn(new URL(url, deps.origin).toString(), {
            headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            ...NO_STORE,
            signal: giveUpSignal(giveUpMs, deps.signal),
          });
        let token = await deps.accessToken();
        state.requests += 1;
        let res = await send(token);
        if (res.status === 401) {
          token = await deps.refresh(token);
          if (!token) throw new Stop(SESSION_OVER_MESSAGE);
          res = await send(token);
        }
        if (res.status >= 500) throw new TypeError(`server ${res.status}`);
        // The server refuses another school than the caller's current one: a switch since the start.
        if (res.status === 403) throw new ScopeChanged();
        return res;
      } catch (err) {
        if (deps.signal?.aborted || err instanceof Stop) throw err;
        if (!(err instanceof TypeError) || i >= RETRIES_MS.length) throw new Stop(OFFLINE_PAUSE_MESSAGE);
        await sleep(RETRIES_MS[i] as number);
      }
    }
  };

  /** The copy into the read cache: each entry under the key of the read it is, with that read's ETag. */
  const readCopy = async (): Promise<void> => {
    const res = await request(
      endpointUrl(api.offline.copy, { params: school }, deps.apiUrl),
      // Only a copy stored in full (and its files) may be answered with a 304.
      { Accept: 'application/json', ...(state.version && state.ready ? { 'If-None-Match': state.version } : {}) },
      COPY_GIVE_UP_MS,
    );
    if (res.status === 304 && state.ready) {
      state.counts = { classes: state.ready.classes, students: state.ready.students, items: state.ready.items };
      state.done = state.total = state.files.length;
      state.bytes = state.copyBytes ?? 0;
      return;
    }
    if (!res.ok || !res.body) throw new Stop(OFFLINE_PAUSE_MESSAGE);
    const students = new Set<unknown>();
    const counts = { classes: 0, students: 0, items: 0 };
    let version = '';
    for await (const part of copyParts(res.body)) {
      if (isHeader(part)) {
        version = part.version;
        state.files = part.files;
        state.total = part.total + part.files.length;
        continue;
      }
      const row = cachedRow(part);
      if (!row) continue;
      unsaved.push(row);
      state.done += 1;
      state.downloaded += 1;
      state.bytes += JSON.stringify(row.data).length;
      if (part.endpoint === 'classrooms.details') counts.classes += 1;
      if (part.endpoint === 'students.details') students.add(part.params?.id);
      if (part.endpoint === 'portfolios.details') counts.items += 1;
      await save();
    }
    state.counts = { ...counts, students: students.size };
    state.copyBytes = state.bytes;
    state.version = version;
  };

  const cachedRow = (entry: OfflineCopyEntry): CachedRead | null => {
    const def = findEndpoint(entry.endpoint);
    if (!def) return null;
    const url = new URL(endpointUrl(def, entry, deps.apiUrl), deps.origin).toString();
    // The body's text as the screen sends it (buildRequestInit), so the key is the screen's.
    const body = def.method !== 'GET' && entry.body !== undefined ? JSON.stringify(entry.body) : '';
    return {
      key: readCacheKey(deps.scope, def.method, url, body),
      scope: deps.scope,
      data: entry.data,
      updatedAt: now(),
      etag: entry.etag,
    };
  };

  const checkStorage = async () => {
    const left = await deps.storageLeft();
    if (left !== null && left < STORAGE_MARGIN_BYTES) throw new StorageFull(storageFullMessage(left));
  };

  /** The files not kept yet, in bundles; a file is immutable under its id, so a kept one is never fetched again. */
  const fetchFiles = async (): Promise<void> => {
    state.phase = 'files';
    state.current = 'Bestanden en afbeeldingen';
    const missing: string[] = [];
    // Counted afresh from the copy's answers, also when a cut-off run resumes here.
    state.done = state.total - state.files.length;
    state.bytes = state.copyBytes ?? state.bytes;
    for (const id of state.files) {
      const size = await deps.files.size(endpointUrl(api.documents.file, { params: { id } }));
      if (size === null) missing.push(id);
      else {
        state.bytes += size;
        state.done += 1;
      }
    }
    await save(true);
    const bundles: string[][] = [];
    for (let i = 0; i < missing.length; i += FILES_PER_REQUEST) bundles.push(missing.slice(i, i + FILES_PER_REQUEST));
    const fetchBundle = async (ids: string[]) => {
      await checkStorage();
      const url = `${endpointUrl(api.offline.files, { params: school }, deps.apiUrl)}?ids=${ids.join(',')}`;
      const res = await request(url, { Accept: 'application/octet-stream' }, GIVE_UP_MS);
      if (!res.ok) throw new Stop(OFFLINE_PAUSE_MESSAGE);
      for (const file of bundledFiles(await res.arrayBuffer())) {
        const path = endpointUrl(api.documents.file, { params: { id: file.id } });
        // Not `state.bytes += await …`: that reads the sum before the wait and loses the other bundles' additions.
        const stored = await deps.files.put(path, new Response(file.bytes, { status: 200, headers: file.headers }));
        state.bytes += stored;
        state.downloaded += 1;
      }
      // A file left out (removed since, another school's) counts as done: there is nothing to keep.
      state.done += ids.length;
      await save();
    };
    const workers = Array.from({ length: PARALLEL_BUNDLES }, async () => {
      for (let ids = bundles.shift(); ids && !deps.signal?.aborted; ids = bundles.shift()) await fetchBundle(ids);
    });
    await Promise.all(workers);
  };

  let failure: unknown = null;
  try {
    await save(true);
    await checkStorage();
    if (state.phase === 'copy') {
      await readCopy();
      await save(true);
    }
    await fetchFiles();
  } catch (err) {
    failure = err;
  }
  unsaved.length = 0;
  if (failure instanceof ScopeChanged) {
    // A finished run with nothing to resume: this scope's next run starts afresh (a 304 makes that cheap).
    Object.assign(state, { status: 'cancelled', phase: 'copy', version: undefined, message: SCOPE_CHANGED_MESSAGE });
  } else if (deps.signal?.aborted) {
    // A new version taking over cuts the run short: it goes on when the app opens again.
    state.status = deps.signal.reason === PREPARE_INTERRUPTED ? 'paused' : 'cancelled';
  } else if (failure !== null) {
    state.status = failure instanceof StorageFull ? 'stopped' : 'paused';
    state.message = failure instanceof Stop ? failure.message : OFFLINE_PAUSE_MESSAGE;
  } else {
    state.status = 'done';
    state.ready = { ...(state.counts ?? { classes: 0, students: 0, items: 0 }), bytes: state.bytes, finishedAt: now() };
  }
  // Not through save(): the scope check would refuse it, and nothing of another scope is written here.
  await deps.db.meta.put({ key: PREPARE_KEY, value: structuredClone(state) }).catch(() => undefined);
  return state;
}
