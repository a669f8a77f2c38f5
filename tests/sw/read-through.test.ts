import { beforeEach, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../src/offline/db';
import { CACHED_AT_HEADER, cacheScope, readCacheKey, readThrough, SCOPE_HEADER } from '../../src/offline/read-through';
import { matchEndpoint } from '../../src/offline/match-endpoint';

let db: OfflineDb;
let n = 0;
beforeEach(() => {
  db = openOfflineDb(`read-test-${n++}`);
});

const request = (scope = '1:1') => new Request('http://app.test/api/wishlistItems', { headers: { [SCOPE_HEADER]: scope } });
const answer = (data: unknown) => (async () => new Response(JSON.stringify(data), { status: 200 })) as typeof fetch;
const offline = (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof fetch;

describe('readThrough', () => {
  it('stores the network answer and serves it, marked with its age, when the network fails', async () => {
    const fresh = await readThrough(db.reads, request(), { fetchFn: answer([{ id: 1, title: 'Idee' }]) });
    expect(fresh.headers.has(CACHED_AT_HEADER)).toBe(false);
    const stale = await readThrough(db.reads, request(), { fetchFn: offline });
    expect(await stale.json()).toEqual([{ id: 1, title: 'Idee' }]);
    expect(Number(stale.headers.get(CACHED_AT_HEADER))).toBeGreaterThan(Date.now() - 5000);
  });

  it('never shows one school’s answer to another scope', async () => {
    await readThrough(db.reads, request('1:1'), { fetchFn: answer(['school 1']) });
    const other = await readThrough(db.reads, request('1:2'), { fetchFn: offline });
    expect(other.status).toBe(503);
    expect((await other.json()).error.message).toMatch(/Geen verbinding/);
  });

  it('serves the stored answer when the network is too slow, and still stores the late answer', async () => {
    await readThrough(db.reads, request(), { fetchFn: answer(['oud']) });
    let release: (r: Response) => void = () => undefined;
    const slow = (() => new Promise<Response>((r) => (release = r))) as typeof fetch;
    const res = await readThrough(db.reads, request(), { fetchFn: slow, timeoutMs: 20 });
    expect(await res.json()).toEqual(['oud']);
    release(new Response(JSON.stringify(['nieuw']), { status: 200 }));
    await new Promise((r) => setTimeout(r, 50));
    const key = readCacheKey('1:1', 'GET', 'http://app.test/api/wishlistItems');
    expect((await db.reads.get(key))?.data).toEqual(['nieuw']);
  });

  it('keeps a newer answer when an older request answers late (a poll sent before a class change)', async () => {
    let release: (r: Response) => void = () => undefined;
    const slow = (() => new Promise<Response>((r) => (release = r))) as typeof fetch;
    const late = readThrough(db.reads, request(), { fetchFn: slow, timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 5));
    const sentAfter = Date.now();
    await readThrough(db.reads, request(), { fetchFn: answer(['klas 1K']) });
    release(new Response(JSON.stringify(['klas 1B']), { status: 200 }));
    expect(await (await late).json()).toEqual(['klas 1B']);
    const stored = await db.reads.get(readCacheKey('1:1', 'GET', 'http://app.test/api/wishlistItems'));
    expect(stored?.data).toEqual(['klas 1K']);
    expect(stored?.updatedAt).toBeGreaterThanOrEqual(sentAfter);
  });

  it('dates an answer by when it was asked for, not when it arrived', async () => {
    let release: (r: Response) => void = () => undefined;
    const slow = (() => new Promise<Response>((r) => (release = r))) as typeof fetch;
    const asked = Date.now();
    const pending = readThrough(db.reads, request(), { fetchFn: slow, timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 40));
    release(new Response(JSON.stringify(['antwoord']), { status: 200 }));
    await pending;
    const stored = await db.reads.get(readCacheKey('1:1', 'GET', 'http://app.test/api/wishlistItems'));
    expect(stored?.updatedAt).toBeLessThan(asked + 30);
  });

  /** A network that never answers (Wi-Fi gone without a reset); it ends only when its request is aborted. */
  const hanging = () => {
    const aborted: AbortSignal[] = [];
    const fetchFn = ((_: Request, init?: RequestInit) =>
      new Promise<Response>((_res, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted.push(init.signal!);
          reject(new DOMException('gave up', 'TimeoutError'));
        });
      })) as typeof fetch;
    return { fetchFn, aborted };
  };

  it('gives up on a network that never answers: with nothing stored, the offline answer instead of waiting forever', async () => {
    const net = hanging();
    const res = await readThrough(db.reads, request(), { fetchFn: net.fetchFn, timeoutMs: 10, giveUpMs: 60 });
    expect(res.status).toBe(503);
    expect(res.headers.get('X-Offline')).toBe('1');
    expect(net.aborted).toHaveLength(1);
  });

  it('abandons a hanging network also after serving the stored answer, so it holds no connection', async () => {
    await readThrough(db.reads, request(), { fetchFn: answer(['oud']) });
    const net = hanging();
    const res = await readThrough(db.reads, request(), { fetchFn: net.fetchFn, timeoutMs: 10, giveUpMs: 60 });
    expect(await res.json()).toEqual(['oud']);
    expect(net.aborted).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(net.aborted).toHaveLength(1);
  });

  it('stops waiting for the network when the page that asked went away', async () => {
    const net = hanging();
    const page = new AbortController();
    const asked = new Request('http://app.test/api/wishlistItems', { headers: { [SCOPE_HEADER]: '1:1' }, signal: page.signal });
    const answer = readThrough(db.reads, asked, { fetchFn: net.fetchFn, timeoutMs: 10_000, giveUpMs: 60_000 });
    page.abort();
    expect((await answer).status).toBe(503);
    expect(net.aborted).toHaveLength(1);
  });

  it('writes nothing for an answer it already stored (same ETag, or 304), yet serves it offline dated by the last one', async () => {
    const key = readCacheKey('1:1', 'GET', 'http://app.test/api/wishlistItems');
    const tagged = (etag: string, status = 200) =>
      (async () => new Response(status === 304 ? null : JSON.stringify(['idee']), { status, headers: { ETag: etag } })) as typeof fetch;
    await readThrough(db.reads, request(), { fetchFn: tagged('"v1"') });
    const stored = await db.reads.get(key);
    let writes = 0;
    db.reads.hook('creating', () => void writes++);
    db.reads.hook('updating', () => void writes++);
    await new Promise((r) => setTimeout(r, 5));
    const confirmedAt = Date.now();
    await readThrough(db.reads, request(), { fetchFn: tagged('"v1"') });
    await readThrough(db.reads, request(), { fetchFn: tagged('"v1"', 304) });
    expect(writes).toBe(0);
    expect(await db.reads.get(key)).toEqual(stored);
    // Offline: the stored answer, as current as the last time the server sent it again.
    const stale = await readThrough(db.reads, request(), { fetchFn: offline });
    expect(await stale.json()).toEqual(['idee']);
    expect(Number(stale.headers.get(CACHED_AT_HEADER))).toBeGreaterThanOrEqual(confirmedAt);
    // Another tag is another answer: stored.
    await readThrough(db.reads, request(), { fetchFn: tagged('"v2"') });
    expect(writes).toBe(1);
    expect((await db.reads.get(key))?.etag).toBe('"v2"');
  });

  it('does not store refusals', async () => {
    const refused = (async () => new Response('{"error":{"message":"nee"}}', { status: 403 })) as typeof fetch;
    const res = await readThrough(db.reads, request(), { fetchFn: refused });
    expect(res.status).toBe(403);
    expect(await db.reads.count()).toBe(0);
  });
});

describe('matchEndpoint', () => {
  it('prefers a static path over a parameter', () => {
    expect(matchEndpoint('POST', '/api/students/bulk/massMove')?.id).toBe('classrooms.massMove');
    expect(matchEndpoint('POST', '/api/students/bulk/archive')?.id).toBe('classrooms.bulkAction');
  });
  it('tells a vote (a write sent as GET) from a read', () => {
    expect(matchEndpoint('GET', '/api/wishlistItems/voteUp/3')?.def.kind).toBe('write');
    expect(matchEndpoint('GET', '/api/wishlistItems')?.def.kind).toBe('read');
  });

  it("caches only the page's scoped reads; start-up's unscoped config and users/info go to the network (issue #20)", () => {
    expect(cacheScope(new Request('http://app.test/api/users/info'))).toBeNull();
    expect(cacheScope(new Request('http://app.test/api/config'))).toBeNull();
    expect(cacheScope(request('7:1'))).toBe('7:1');
    expect(cacheScope(request('public'))).toBe('public');
  });
});
