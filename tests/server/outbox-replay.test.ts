/** The outbox against the real server: order, exactly once, refusals kept, tokens refreshed. */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import { openOfflineDb, type OfflineDb } from '../../src/offline/db';
import { enqueue, nextAttemptAt, replayOutbox } from '../../src/offline/outbox';
import { GIVE_UP_MS } from '../../src/constants';
import { refreshAccessToken, storeTokens } from '../../src/offline/tokens';
import { injectFetch } from '../helpers/inject-fetch';
import { COLLEGA, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let db: OfflineDb;
let net: ReturnType<typeof injectFetch>;
let n = 0;
// The server's clock runs ahead by this much; a test moves it past the access token's life instead of waiting.
let ahead = 0;
const outliveAccessToken = () => (ahead += t.context.tokens.accessTokenTtl * 1000);

beforeAll(async () => {
  t = await createTestApp({}, () => new Date(Date.now() + ahead));
  net = injectFetch(t.fastify);
});
afterAll(() => t.close());
beforeEach(async () => {
  db = openOfflineDb(`outbox-test-${n++}`);
  await storeTokens(db, await t.login(COLLEGA));
  net.state.down = false;
  net.state.dropResponses = 0;
});

const report = (message: string) => ({
  endpointId: 'session.report',
  args: { body: { url: '/t', status: 0, message } },
  label: message,
  scope: 's',
});
const count = async (message: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM error_reports WHERE message = $1`, [message]))[0]!.n;

describe('outbox replay', () => {
  it('keeps everything while the server is away and delivers each change once, in order, when it returns', async () => {
    net.state.down = true;
    for (const m of ['een', 'twee', 'drie']) await enqueue(db, report(`orde-${m}`));
    const offline = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(offline.stoppedBy).toBe('network');
    expect(await db.outbox.where('state').equals('waiting').count()).toBe(3);

    net.state.down = false;
    const online = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(online).toMatchObject({ delivered: 3, stoppedBy: 'done' });
    const rows = await t.db.query<{ message: string }>(`SELECT message FROM error_reports WHERE message LIKE 'orde-%' ORDER BY id`);
    expect(rows.map((r) => r.message)).toEqual(['orde-een', 'orde-twee', 'orde-drie']);
  });

  it('does not duplicate a change whose answer was lost after the server committed', async () => {
    await enqueue(db, report('verloren-antwoord'));
    net.state.dropResponses = 1;
    const first = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(first.stoppedBy).toBe('network');
    expect(await count('verloren-antwoord')).toBe(1);
    const second = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(second.delivered).toBe(1);
    expect(await count('verloren-antwoord')).toBe(1);
  });

  it('stops between two sends when an update takes over, and the rest leaves afterwards, each once', async () => {
    for (const m of ['een', 'twee', 'drie', 'vier']) await enqueue(db, report(`update-${m}`));
    let sent = 0;
    const counting = ((input: string | URL | Request, init?: RequestInit) => {
      sent += 1;
      return net.fetchFn(input, init);
    }) as typeof fetch;
    const first = await replayOutbox(db, { fetchFn: counting, force: true, stepAside: () => sent >= 2 });
    expect(first).toMatchObject({ delivered: 2, stoppedBy: 'update' });
    // Nothing is left half-sent: the next ones still wait their turn.
    expect(await db.outbox.where('state').equals('sending').count()).toBe(0);
    expect(await db.outbox.where('state').equals('waiting').count()).toBe(2);

    const after = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(after).toMatchObject({ delivered: 2, stoppedBy: 'done' });
    const rows = await t.db.query<{ message: string }>(`SELECT message FROM error_reports WHERE message LIKE 'update-%' ORDER BY id`);
    expect(rows.map((r) => r.message)).toEqual(['update-een', 'update-twee', 'update-drie', 'update-vier']);
  });

  it('abandons the send in flight when the teacher accepts an update; it arrives once afterwards, also when the server had it', async () => {
    await enqueue(db, report('update-onderweg'));
    // The server commits, but its answer does not come back (Wi-Fi gone without a reset).
    const answerHeld = ((input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_res, reject) => {
        void net.fetchFn(input, { ...init, signal: undefined });
        init?.signal?.addEventListener('abort', () => reject(new DOMException('abandoned', 'AbortError')));
      })) as typeof fetch;
    const update = new AbortController();
    const run = replayOutbox(db, { fetchFn: answerHeld, force: true, abandon: update.signal });
    for (let i = 0; i < 100 && (await count('update-onderweg')) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    update.abort();
    // At once, not after SEND_TIMEOUT_MS (the update waits for this).
    const ended = await Promise.race([run, new Promise((r) => setTimeout(() => r('still sending'), 1000))]);
    expect(ended).toMatchObject({ delivered: 0, stoppedBy: 'update' });
    expect(await db.outbox.where('state').equals('waiting').count()).toBe(1);

    expect(await replayOutbox(db, { fetchFn: net.fetchFn, force: true })).toMatchObject({ delivered: 1, stoppedBy: 'done' });
    expect(await count('update-onderweg')).toBe(1);
  });

  it('gives up on a request that hangs, keeps the change and tries it again later', async () => {
    await enqueue(db, report('hangt'));
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise<Response>((_res, rej) =>
        init?.signal?.addEventListener('abort', () => rej(new DOMException('timeout', 'TimeoutError'))),
      )) as typeof fetch;
    const stuck = await replayOutbox(db, { fetchFn: hanging, force: true, sendTimeoutMs: 50 });
    expect(stuck.stoppedBy).toBe('network');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(entry!.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    expect(await replayOutbox(db, { fetchFn: net.fetchFn, force: true })).toMatchObject({ delivered: 1 });
    expect(await count('hangt')).toBe(1);
  });

  it('sets a refused change aside with the reason and goes on with the next', async () => {
    await enqueue(db, {
      endpointId: 'licences.saveExtendInfo',
      args: { body: { extendIntention: true, extendContactEmail: 'fout' } },
      label: 'Zomer',
      scope: 's',
    });
    await enqueue(db, report('na-weigering'));
    const result = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(result).toMatchObject({ delivered: 1, refused: 1 });
    const [failed] = await db.outbox.where('state').equals('failed').toArray();
    expect(failed?.error?.status).toBe(400);
    expect(failed?.error?.message).toMatch(/e-mailadres/);
    expect(await count('na-weigering')).toBe(1);
  });

  it('delivers a change queued past the access token lifetime by refreshing the token', async () => {
    await enqueue(db, {
      endpointId: 'licences.saveExtendInfo',
      args: { body: { extendIntention: true, extendContactEmail: 'zomer@hetbaken.nl' } },
      label: 'Zomer',
      scope: 's',
    });
    outliveAccessToken();
    const result = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(result.delivered).toBe(1);
    const [org] = await t.db.query<{ extend_contact_email: string }>(`SELECT extend_contact_email FROM organisations WHERE id = 1`);
    expect(org?.extend_contact_email).toBe('zomer@hetbaken.nl');
  });

  it('survives a refresh whose answer was lost: the repeat carries the same key, the session stays', async () => {
    await enqueue(db, {
      endpointId: 'licences.saveExtendInfo',
      args: { body: { extendIntention: true, extendContactEmail: 'verversing@hetbaken.nl' } },
      label: 'Verlenging',
      scope: 's',
    });
    outliveAccessToken();
    let lose = 1;
    const losingRefresh = (async (input: string | URL | Request, init?: RequestInit) => {
      const res = await net.fetchFn(input, init);
      if (String(input).includes('refreshToken') && lose-- > 0) throw new TypeError('Failed to fetch');
      return res;
    }) as typeof fetch;
    expect((await replayOutbox(db, { fetchFn: losingRefresh, force: true })).stoppedBy).toBe('network');
    expect(await replayOutbox(db, { fetchFn: losingRefresh, force: true })).toMatchObject({ delivered: 1, stoppedBy: 'done' });
    const [org] = await t.db.query<{ email: string }>(`SELECT extend_contact_email AS email FROM organisations WHERE id = 1`);
    expect(org?.email).toBe('verversing@hetbaken.nl');
    expect(await db.meta.get('refreshAttempt')).toBeUndefined();
  });

  it('gives up on a refresh that hangs, so the lock every replayer and 401 waits for is not held forever', async () => {
    await storeTokens(db, { accessToken: 'verlopen', refreshToken: 'hangend-token-123' });
    let asked = false;
    const hanging = ((_: unknown, init?: RequestInit) => {
      asked = true;
      return new Promise<Response>((_res, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('gave up', 'TimeoutError'))),
      );
    }) as typeof fetch;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const refresh = refreshAccessToken(db, 'verlopen', hanging);
      for (let i = 0; i < 200 && !asked; i++) await new Promise((r) => setImmediate(r));
      expect(asked).toBe(true);
      await vi.advanceTimersByTimeAsync(GIVE_UP_MS);
      expect(await refresh).toEqual({ ok: false, reason: 'network' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the queue and reports the session when the refresh token is refused', async () => {
    await storeTokens(db, { accessToken: 'ongeldig', refreshToken: 'ingetrokken-token-123' });
    await enqueue(db, { endpointId: 'licences.saveExtendInfo', args: { body: { extendIntention: false } }, label: 'Zomer', scope: 's' });
    const result = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(result.stoppedBy).toBe('session');
    expect(await db.outbox.where('state').equals('waiting').count()).toBe(1);
  });

  it('waits for its backoff unless forced', async () => {
    net.state.down = true;
    await enqueue(db, report('backoff'));
    // The first retry after a network failure may go at once; the second failure sets a wait.
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect((await db.outbox.toArray())[0]!.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    net.state.down = false;
    const early = await replayOutbox(db, { fetchFn: net.fetchFn });
    expect(early.stoppedBy).toBe('backoff');
    const forced = await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    expect(forced.delivered).toBe(1);
  });

  it('is next tried when its first entry may go: later entries with earlier times do not count', async () => {
    expect(await nextAttemptAt(db)).toBeNull();
    net.state.down = true;
    await enqueue(db, report('eerste'));
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    await replayOutbox(db, { fetchFn: net.fetchFn, force: true });
    const first = (await db.outbox.toArray())[0]!;
    expect(first.nextAttemptAt).toBeGreaterThan(Date.now());
    await enqueue(db, report('tweede'), Date.now() - 60_000);
    expect(await nextAttemptAt(db)).toBe(first.nextAttemptAt);
    net.state.down = false;
  });

  it('uses the catalogue: a queued vote is a GET with a key, never cached as a read', () => {
    expect(api.wishlist.voteUp).toMatchObject({ method: 'GET', kind: 'write', offline: 'queue' });
  });
});
