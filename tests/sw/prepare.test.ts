import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from '../../src/api/catalogue';
import { openOfflineDb, type OfflineDb } from '../../src/offline/db';
import { expand, initialTasks, type PrepareTask } from '../../src/offline/prepare-plan';
import type { FileStore } from '../../src/offline/file-store';
import { GIVE_UP_MS } from '../../src/constants';
import {
  PREPARE_INTERRUPTED,
  progressOf,
  readPrepareState,
  runPrepare,
  STORAGE_MARGIN_BYTES,
  type PrepareDeps,
} from '../../src/offline/prepare';
import { readCacheKey } from '../../src/offline/read-through';

/** A small school: 2 classes of 3 students, each student one portfolio item with one image. */
function fakeServer() {
  const classes = [
    { id: 1, name: '2A', studentCount: 3 },
    { id: 2, name: '2B', studentCount: 3 },
  ];
  const students = (c: number) => [1, 2, 3].map((n) => ({ id: c * 10 + n, name: `Leerling ${c}${n}` }));
  const changed = new Set<string>();
  const requests: string[] = [];
  let version = 1;
  const answer = (path: string): unknown => {
    let m: RegExpExecArray | null;
    if (path === 'classrooms/school') return classes;
    if ((m = /^classrooms\/students\/(\d+)$/.exec(path))) return students(Number(m[1]));
    if ((m = /^portfolioItems\/users\/(\d+)$/.exec(path))) return { items: [{ id: Number(m[1]) * 100 }] };
    if ((m = /^portfolioItems\/details\/(\d+)$/.exec(path))) {
      return {
        id: Number(m[1]),
        blocks: [{ items: [{ content: `/api/files/foto-${m[1]}?u=1&exp=9&sig=x` }] }],
        v: changed.has(path) ? version : 0,
      };
    }
    if (path === 'examinations/all') return [{ id: 1, contentFileId: 'toets-1', answerFileId: 'toets-1-antwoorden' }];
    if (path === 'portfolioItems/list') return [];
    if (path === 'classrooms/sections' || path === 'documents') return [];
    return { path };
  };
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname.startsWith('/api/files/'))
      return new Response(new Uint8Array(1000), { status: 200, headers: { 'Content-Type': 'image/png' } });
    const body = JSON.stringify(answer(url.pathname.replace('/api/', '')));
    const etag = `"${body.length}-${body.split('').reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 7)}"`;
    if (new Headers(init?.headers).get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    return new Response(body, { status: 200, headers: { ETag: etag, 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return {
    fetchFn,
    requests,
    change(path: string) {
      changed.add(path);
      version++;
    },
  };
}

function memoryFiles(): FileStore & { stored: Map<string, number> } {
  const stored = new Map<string, number>();
  return {
    stored,
    size: async (path) => stored.get(path) ?? null,
    put: async (path, res) => {
      const size = (await res.arrayBuffer()).byteLength;
      // Writing takes a moment, as Cache Storage does: the other requests go on meanwhile.
      await new Promise((r) => setTimeout(r, 5));
      stored.set(path, size);
      return size;
    },
  };
}

let db: OfflineDb;
let n = 0;
beforeEach(() => {
  db = openOfflineDb(`prepare-test-${n++}`);
});

const SCOPE = '7:1';
function deps(server: ReturnType<typeof fakeServer>, extra: Partial<PrepareDeps> = {}): PrepareDeps {
  return {
    db,
    scope: SCOPE,
    apiUrl: '/api/',
    origin: 'http://app.test',
    fetchFn: server.fetchFn,
    accessToken: async () => 'token',
    refresh: async () => null,
    xsrfToken: async () => null,
    files: memoryFiles(),
    storageLeft: async () => null,
    sleep: async () => undefined,
    ...extra,
  };
}

describe('the plan', () => {
  it('names only cached reads of the catalogue, so every prepared answer is one a screen asks for', () => {
    const reads = new Map(catalogue.map((e) => [e.id, e.def]));
    const tasks: PrepareTask[] = [
      ...initialTasks(),
      ...expand({ kind: 'read', endpoint: 'classrooms.school' }, [{ id: 1, studentCount: 1 }]),
      ...expand({ kind: 'read', endpoint: 'classrooms.students', params: { id: 1 } }, [{ id: 5 }]),
      ...expand({ kind: 'read', endpoint: 'students.portfolio', params: { userId: 5 } }, { items: [{ id: 9 }] }),
      ...expand({ kind: 'read', endpoint: 'classrooms.sections' }, [{ id: 1, active: true, chapters: [{ id: 3, firstLessonId: 4 }] }]),
    ];
    for (const t of tasks) {
      if (t.kind !== 'read') continue;
      expect(reads.get(t.endpoint), t.endpoint).toMatchObject({ kind: 'read', offline: 'cache' });
    }
  });
});

describe('runPrepare', () => {
  it('stores every read under the key the screen reads, the files in the file store, and counts what is ready', async () => {
    const server = fakeServer();
    const files = memoryFiles();
    const state = await runPrepare(deps(server, { files }));
    expect(state?.status).toBe('done');
    expect(state?.ready).toMatchObject({ classes: 2, students: 6, items: 6 });
    // The student form of a student the teacher never opened: the key useRead looks up.
    const key = readCacheKey(SCOPE, 'GET', '/api/users/details/23');
    expect((await db.reads.get(key))?.data).toEqual({ path: 'users/details/23' });
    expect(await db.reads.get(readCacheKey(SCOPE, 'GET', '/api/students/quizResults/11'))).toBeDefined();
    // Each class's 'Voortgang' under the key its page reads without a period (issue 32).
    expect((await db.reads.get(readCacheKey(SCOPE, 'GET', '/api/portfolioItems/progress/2')))?.data).toEqual({
      path: 'portfolioItems/progress/2',
    });
    expect(files.stored.has('/api/files/foto-1100')).toBe(true);
    expect(files.stored.has('/api/files/toets-1-antwoorden')).toBe(true);
    expect(progressOf(state!)).toMatchObject({ percent: 100 });
    // The size shown is every answer and every file, also when six requests run at once.
    const rows = await db.reads.where('scope').equals(SCOPE).toArray();
    expect(state?.ready?.bytes).toBe(rows.reduce((n, r) => n + JSON.stringify(r.data).length, 0) + 8 * 1000);
  });

  it('is cancelled between two requests and resumes where it stopped, without fetching anything twice', async () => {
    const server = fakeServer();
    const controller = new AbortController();
    const cutting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (server.requests.length === 20) controller.abort();
      return server.fetchFn(input, init);
    }) as typeof fetch;
    const first = await runPrepare(deps(server, { fetchFn: cutting, signal: controller.signal }));
    expect(first?.status).toBe('cancelled');
    expect(first!.queue.length + first!.inFlight.length).toBeGreaterThan(0);
    expect((await readPrepareState(db))?.status).toBe('cancelled');
    const before = server.requests.length;

    const second = await runPrepare(deps(server));
    expect(second?.status).toBe('done');
    expect(second?.ready).toMatchObject({ classes: 2, students: 6, items: 6 });
    const all = server.requests;
    // Only the requests in flight at the cancel may go out twice.
    expect(all.length - new Set(all).size).toBeLessThanOrEqual(6);
    expect(all.length).toBeGreaterThan(before);
  });

  it('is paused, not cancelled, when a new version takes over, so the app resumes it on opening', async () => {
    const server = fakeServer();
    const controller = new AbortController();
    const cutting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (server.requests.length === 20) controller.abort(PREPARE_INTERRUPTED);
      return server.fetchFn(input, init);
    }) as typeof fetch;
    const first = await runPrepare(deps(server, { fetchFn: cutting, signal: controller.signal }));
    expect(first?.status).toBe('paused');
    // Saved as paused: src/data/offline-copy.ts resumes a paused run on opening (status 'cancelled' would not).
    expect((await readPrepareState(db))?.status).toBe('paused');
  });

  it('gives up a read that hangs and pauses instead of waiting forever', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const server = fakeServer();
      const hanging = ((input: RequestInfo | URL, init?: RequestInit) => {
        if (server.requests.length < 3) return server.fetchFn(input, init);
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }) as typeof fetch;
      const outcome: { state?: Awaited<ReturnType<typeof runPrepare>>; settled: boolean } = { settled: false };
      void runPrepare(deps(server, { fetchFn: hanging })).then((state) => Object.assign(outcome, { state, settled: true }));
      // IndexedDB runs on real time here, the give-up timers on fake time: move on in steps.
      for (let waited = 0; !outcome.settled && waited <= 3 * GIVE_UP_MS; waited += 500) await vi.advanceTimersByTimeAsync(500);
      expect(outcome.settled).toBe(true);
      expect(outcome.state?.status).toBe('paused');
    } finally {
      vi.useRealTimers();
    }
  });

  it('pauses when the connection drops and goes on later', async () => {
    const server = fakeServer();
    let down = false;
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (server.requests.length >= 15) down = true;
      if (down) throw new TypeError('Failed to fetch');
      return server.fetchFn(input, init);
    }) as typeof fetch;
    const first = await runPrepare(deps(server, { fetchFn: flaky }));
    expect(first?.status).toBe('paused');
    expect(first?.message).toContain('geen verbinding');
    down = false;
    const second = await runPrepare(deps(server));
    expect(second?.status).toBe('done');
    expect(second?.ready?.students).toBe(6);
  });

  it('fetches only what changed on the next run: the rest answers 304 and stored files are not fetched again', async () => {
    const server = fakeServer();
    const files = memoryFiles();
    const first = await runPrepare(deps(server, { files }));
    const firstFiles = server.requests.filter((r) => r.includes('/api/files/')).length;
    expect(first?.downloaded).toBeGreaterThan(40);
    server.change('portfolioItems/details/1100');
    server.requests.length = 0;
    const second = await runPrepare(deps(server, { files }));
    expect(second?.status).toBe('done');
    expect(second?.downloaded).toBe(1);
    expect(server.requests.filter((r) => r.includes('/api/files/'))).toHaveLength(0);
    expect(firstFiles).toBe(8);
    expect(second?.ready?.bytes).toBe(first?.ready?.bytes);
  });

  it('does not start, and says why in Dutch, when the device is nearly full', async () => {
    const server = fakeServer();
    const state = await runPrepare(deps(server, { storageLeft: async () => STORAGE_MARGIN_BYTES - 1 }));
    expect(state?.status).toBe('stopped');
    expect(state?.message).toMatch(/^Gestopt: er is nog maar \d+ MB vrij op dit apparaat/);
    expect(server.requests).toHaveLength(0);
  });

  it('stops at a sign-out or school switch, keeps nothing fetched since, and starts afresh for that teacher later', async () => {
    const server = fakeServer();
    let current = true;
    const switching = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (server.requests.length === 25) current = false;
      return server.fetchFn(input, init);
    }) as typeof fetch;
    let clock = 0;
    const first = await runPrepare(deps(server, { fetchFn: switching, scopeCurrent: async () => current, now: () => (clock += 100) }));
    expect(first?.status).toBe('cancelled');
    expect(first?.message).toBe('Onderbroken: er is een andere gebruiker of school gekozen.');
    const keptKeys = (await db.reads.toArray()).map((r) => r.key);
    // Nothing from after the switch: at most what was saved before it (the first 25 requests).
    expect(keptKeys.length).toBeLessThan(25);
    current = true;
    const again = await runPrepare(deps(server, { scopeCurrent: async () => current }));
    expect(again?.status).toBe('done');
    expect(again?.ready?.students).toBe(6);
  });

  it('runs once at a time: a second start while one runs does nothing', async () => {
    const server = fakeServer();
    const [a, b] = await Promise.all([runPrepare(deps(server)), runPrepare(deps(server))]);
    expect([a?.status, b?.status].sort()).toEqual(['done', undefined].sort());
  });
});
