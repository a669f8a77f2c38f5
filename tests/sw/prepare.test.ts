import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allActivitiesBody } from '../../src/api/portfolios/bodies';
import { GIVE_UP_MS } from '../../src/constants';
import { openOfflineDb, type OfflineDb } from '../../src/offline/db';
import type { FileStore } from '../../src/offline/file-store';
import {
  PREPARE_INTERRUPTED,
  progressOf,
  readPrepareState,
  runPrepare,
  STORAGE_MARGIN_BYTES,
  type PrepareDeps,
} from '../../src/offline/prepare';
import { readCacheKey } from '../../src/offline/read-through';

/**
 * A small school as the server answers its copy: 2 classes of 3 students, each student one portfolio
 * item with one image, one exam of two files, 'Alle activiteiten' (a read with a body); in the
 * server's line format (src/api/offline/types.ts), and its files in bundles.
 */
function fakeServer() {
  const requests: string[] = [];
  let changed = 0;
  let cutAfter: number | null = null;
  const entries = () => {
    const list: { endpoint: string; params?: Record<string, number>; query?: Record<string, number>; body?: unknown; data: unknown }[] = [
      { endpoint: 'classrooms.school', data: [1, 2].map((id) => ({ id, name: `2${id}`, studentCount: 3 })) },
      { endpoint: 'portfolios.list', query: { moduleFilters: 0 }, body: { ...allActivitiesBody(), page: 1 }, data: [] },
    ];
    for (const c of [1, 2]) {
      list.push({ endpoint: 'classrooms.details', params: { id: c }, data: { id: c } });
      list.push({ endpoint: 'portfolios.progress', params: { id: c }, data: { path: `portfolioItems/progress/${c}` } });
      for (const n of [1, 2, 3]) {
        const s = c * 10 + n;
        list.push({ endpoint: 'students.details', params: { id: s }, data: { path: `users/details/${s}`, v: s === 11 ? changed : 0 } });
        list.push({ endpoint: 'students.quizResults', params: { userId: s }, data: [] });
        list.push({ endpoint: 'portfolios.details', params: { id: s * 100 }, data: { content: `/api/files/foto-${s}?sig=x` } });
      }
    }
    return list.map((e) => ({ ...e, etag: `"${JSON.stringify(e.data).length}-${e.endpoint}"` }));
  };
  // 38 files: three bundles, fetched side by side.
  const files = () => [
    ...[11, 12, 13, 21, 22, 23].map((s) => `foto-${s}`),
    'toets-1',
    'toets-1-antwoorden',
    ...Array.from({ length: 30 }, (_, i) => `doc-${i}`),
  ];
  const copyBody = (version: string) => {
    const all = entries();
    const lines = [
      `{"version":${JSON.stringify(version)},"files":${JSON.stringify(files())},"total":${all.length},"entries":[`,
      ...all.map((e, i) => `${i ? ',' : ''}${JSON.stringify(e)}`),
      ']}',
    ];
    const text = lines.join('\n') + '\n';
    return cutAfter === null ? text : text.slice(0, cutAfter);
  };
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    requests.push(`${url.pathname}${url.search}`);
    const version = `"v${changed}"`;
    if (url.pathname === '/api/offline/copy/1') {
      if (new Headers(init?.headers).get('If-None-Match') === version)
        return new Response(null, { status: 304, headers: { ETag: version } });
      return new Response(copyBody(version), { status: 200, headers: { ETag: version, 'Content-Type': 'application/json' } });
    }
    if (url.pathname === '/api/offline/files/1') {
      const parts: Uint8Array[] = [];
      for (const id of url.searchParams.get('ids')!.split(',')) {
        const bytes = new Uint8Array(1000).fill(id.length);
        parts.push(new TextEncoder().encode(`${JSON.stringify({ id, size: 1000, headers: { 'Content-Type': 'image/png' } })}\n`), bytes);
      }
      return new Response(new Blob(parts as BlobPart[]), { status: 200 });
    }
    return new Response('{}', { status: 404 });
  }) as typeof fetch;
  return {
    fetchFn,
    requests,
    change: () => void changed++,
    cut: (at: number | null) => void (cutAfter = at),
  };
}

function memoryFiles(): FileStore & { stored: Map<string, number> } {
  const stored = new Map<string, number>();
  return {
    stored,
    size: async (path) => stored.get(path) ?? null,
    put: async (path, res) => {
      const size = (await res.arrayBuffer()).byteLength;
      // Writing takes a moment, as Cache Storage does: the other bundles go on meanwhile.
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
    files: memoryFiles(),
    storageLeft: async () => null,
    sleep: async () => undefined,
    ...extra,
  };
}

describe('runPrepare', () => {
  it('lays the copy into the read cache under the keys the screens read, keeps its files, in 4 requests', async () => {
    const server = fakeServer();
    const files = memoryFiles();
    const state = await runPrepare(deps(server, { files }));
    expect(state?.status).toBe('done');
    expect(state?.ready).toMatchObject({ classes: 2, students: 6, items: 6 });
    expect(server.requests[0]).toBe('/api/offline/copy/1');
    expect(server.requests.slice(1).map((r) => r.split('=')[1]!.split(',').length)).toEqual([16, 16, 6]);
    // The student form of a student the teacher never opened: the key useRead looks up.
    expect((await db.reads.get(readCacheKey(SCOPE, 'GET', '/api/users/details/23')))?.data).toEqual({ path: 'users/details/23', v: 0 });
    expect((await db.reads.get(readCacheKey(SCOPE, 'GET', '/api/portfolioItems/progress/2')))?.etag).toMatch(/^"/);
    // A read with a body, under the body's text as the screen sends it.
    const list = readCacheKey(
      SCOPE,
      'POST',
      '/api/portfolioItems/list?moduleFilters=0',
      JSON.stringify({ ...allActivitiesBody(), page: 1 }),
    );
    expect((await db.reads.get(list))?.data).toEqual([]);
    expect(files.stored.get('/api/files/foto-11')).toBe(1000);
    expect(files.stored.has('/api/files/toets-1-antwoorden')).toBe(true);
    expect(progressOf(state!)).toMatchObject({ percent: 100 });
    const rows = await db.reads.where('scope').equals(SCOPE).toArray();
    expect(state?.ready?.bytes).toBe(rows.reduce((b, r) => b + JSON.stringify(r.data).length, 0) + 38 * 1000);
  });

  it('asks with the copy’s version the next time: a 304 brings nothing, kept files are not fetched again; a change brings the new copy', async () => {
    const server = fakeServer();
    const files = memoryFiles();
    const first = await runPrepare(deps(server, { files }));
    server.requests.length = 0;
    const second = await runPrepare(deps(server, { files }));
    expect(second?.status).toBe('done');
    expect(server.requests).toEqual(['/api/offline/copy/1']);
    expect(second?.downloaded).toBe(0);
    expect(second?.ready).toMatchObject({ classes: 2, students: 6, items: 6, bytes: first?.ready?.bytes });

    server.change();
    server.requests.length = 0;
    const third = await runPrepare(deps(server, { files }));
    expect(server.requests).toEqual(['/api/offline/copy/1']);
    expect(third?.downloaded).toBeGreaterThan(0);
    expect((await db.reads.get(readCacheKey(SCOPE, 'GET', '/api/users/details/11')))?.data).toEqual({ path: 'users/details/11', v: 1 });
  });

  it('reads a copy cut off again, and takes nothing of it as the new version', async () => {
    const server = fakeServer();
    server.cut(600);
    const first = await runPrepare(deps(server));
    expect(first?.status).toBe('paused');
    expect(first?.version).toBeUndefined();
    server.cut(null);
    const second = await runPrepare(deps(server));
    expect(second?.status).toBe('done');
    expect(second?.ready?.students).toBe(6);
  });

  it('is cancelled during the files and resumes with the files alone', async () => {
    const server = fakeServer();
    const controller = new AbortController();
    const cutting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/offline/files/')) {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      }
      return server.fetchFn(input, init);
    }) as typeof fetch;
    const files = memoryFiles();
    const first = await runPrepare(deps(server, { fetchFn: cutting, signal: controller.signal, files }));
    expect(first?.status).toBe('cancelled');
    expect((await readPrepareState(db))?.phase).toBe('files');
    server.requests.length = 0;
    const second = await runPrepare(deps(server, { files }));
    expect(second?.status).toBe('done');
    expect(server.requests).toHaveLength(3);
    expect(server.requests.every((r) => r.startsWith('/api/offline/files/1?ids='))).toBe(true);
    expect(second?.ready).toMatchObject({ classes: 2, students: 6, items: 6 });
  });

  it('is paused, not cancelled, when a new version takes over, so the app resumes it on opening', async () => {
    const server = fakeServer();
    const controller = new AbortController();
    const cutting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      controller.abort(PREPARE_INTERRUPTED);
      return server.fetchFn(input, init);
    }) as typeof fetch;
    const first = await runPrepare(deps(server, { fetchFn: cutting, signal: controller.signal }));
    expect(first?.status).toBe('paused');
    expect((await readPrepareState(db))?.status).toBe('paused');
  });

  it('gives up a request that hangs and pauses instead of waiting forever', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch;
      const outcome: { state?: Awaited<ReturnType<typeof runPrepare>>; settled: boolean } = { settled: false };
      void runPrepare(deps(fakeServer(), { fetchFn: hanging })).then((state) => Object.assign(outcome, { state, settled: true }));
      for (let waited = 0; !outcome.settled && waited <= 4 * GIVE_UP_MS; waited += 500) await vi.advanceTimersByTimeAsync(500);
      expect(outcome.settled).toBe(true);
      expect(outcome.state?.status).toBe('paused');
    } finally {
      vi.useRealTimers();
    }
  });

  it('pauses when the connection drops, retrying first, and goes on later', async () => {
    const server = fakeServer();
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const first = await runPrepare(deps(server, { fetchFn: down }));
    expect(first?.status).toBe('paused');
    expect(first?.message).toContain('geen verbinding');
    // Tried, then retried three times.
    expect(first?.requests).toBe(4);
    const second = await runPrepare(deps(server));
    expect(second?.status).toBe('done');
    expect(second?.ready?.students).toBe(6);
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
      current = false;
      return server.fetchFn(input, init);
    }) as typeof fetch;
    const first = await runPrepare(deps(server, { fetchFn: switching, scopeCurrent: async () => current }));
    expect(first?.status).toBe('cancelled');
    expect(first?.message).toBe('Onderbroken: er is een andere gebruiker of school gekozen.');
    expect(await db.reads.count()).toBe(0);
    current = true;
    const again = await runPrepare(deps(server, { scopeCurrent: async () => current }));
    expect(again?.message).toBeUndefined();
    expect(again?.status).toBe('done');
    expect(again?.ready?.students).toBe(6);
  });

  it('stops when the server refuses the school (switched on another tab) without keeping anything', async () => {
    const refusing = (async () => new Response('{"error":{"message":"andere school"}}', { status: 403 })) as typeof fetch;
    const state = await runPrepare(deps(fakeServer(), { fetchFn: refusing }));
    expect(state?.status).toBe('cancelled');
    expect(await db.reads.count()).toBe(0);
  });

  it('runs once at a time: a second start while one runs does nothing', async () => {
    const server = fakeServer();
    const [a, b] = await Promise.all([runPrepare(deps(server)), runPrepare(deps(server))]);
    expect([a?.status, b?.status].sort()).toEqual(['done', undefined].sort());
  });
});
