/**
 * Start-up with a stored session and a server that does not answer normally: only a refused session
 * signs the teacher out (issue #20). Everything else keeps the tokens and opens with the last user.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/catalogue';
import type { CurrentUser } from '../../src/api/session/types';
import { START_TIMEOUT_MS } from '../../src/constants';
import { type FakeServer, failure, offline, partial, type Reply, respond, status, stubFetch } from './fake-server';

const teacher: CurrentUser = {
  id: 7,
  role: 'ADMIN',
  email: 'docent@demoschool.nl',
  organisationName: 'Demoschool',
  currentOrganisationId: 1,
  currentClassroomId: null,
  name: 'Docent',
  studyLevel: null,
};
const storedConfig = { system_name: 'Schoolwijzer', demo: false };

let server: FakeServer;

/** What the service worker answers for a read it holds no copy of (src/offline/read-through.ts). */
const workerOffline = status(
  503,
  { error: { message: 'Geen verbinding met de server, en deze gegevens zijn nog niet eerder geladen.' } },
  { 'X-Offline': '1' },
);
const never = respond(() => new Promise<Response>(() => undefined));

/** A teacher who opened the app before: tokens in localStorage and IndexedDB, last user and config kept. */
async function storedSession() {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  const { offlineDb } = await import('../../src/data/offline-db');
  await offlineDb.meta.bulkPut([
    { key: 'accessToken', value: 'access-1' },
    { key: 'refreshToken', value: 'refresh-1' },
    { key: 'currentUser', value: teacher },
    { key: 'config', value: storedConfig },
  ]);
  return offlineDb;
}

beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  indexedDB.deleteDatabase('docentenomgeving');
  server = stubFetch().on(api.session.report, { message: 'ok' }).on(api.session.logout, { message: 'ok' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function start() {
  const auth = await import('../../src/data/auth');
  const { session } = await import('../../src/data/session');
  const outcome = await auth.loadSession();
  return { outcome, session };
}

describe('start-up with a stored session', () => {
  /** users/info and config both answer `reply`. */
  const bothAnswer = (reply: Reply) => server.on(api.session.info, reply).on(api.session.config, reply);
  const keeps: [string, () => void][] = [
    ['a 500 from the server', () => bothAnswer(failure(500, 'Interne fout'))],
    [
      'a 503 from a proxy during a deploy',
      () => bothAnswer(respond(async () => new Response('<h1>Service Unavailable</h1>', { status: 503 }))),
    ],
    ["the worker's offline answer (x-offline: 1)", () => bothAnswer(workerOffline)],
    ['no network at all', () => bothAnswer(offline())],
    ['a 502 from the gateway after a refresh', () => server.on(api.session.info, failure(502, 'Bad gateway'))],
  ];

  for (const [what, arrange] of keeps) {
    it(`keeps the tokens and opens with the last known user on ${what}`, async () => {
      server.on(api.session.config, partial(storedConfig));
      arrange();
      const db = await storedSession();
      const { outcome, session } = await start();
      expect(outcome).toBe('portal');
      expect(session.user?.email).toBe('docent@demoschool.nl');
      expect(session.authenticated).toBe(true);
      expect(localStorage.getItem('accessToken')).toBe('access-1');
      expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
      expect((await db.meta.get('refreshToken'))?.value).toBe('refresh-1');
      expect(session.config.system_name).toBe('Schoolwijzer');
    });
  }

  it('opens with the last known user when the server does not answer in time, and applies its late answer', async () => {
    let release: (res: Response) => void = () => undefined;
    server.on(api.session.config, never);
    server.on(
      api.session.info,
      respond(() => new Promise<Response>((r) => (release = r))),
    );
    await storedSession();
    const auth = await import('../../src/data/auth');
    const { session } = await import('../../src/data/session');
    const began = Date.now();
    const outcome = await auth.loadSession();
    expect(Date.now() - began).toBeLessThan(START_TIMEOUT_MS + 2000);
    expect(outcome).toBe('portal');
    expect(session.user?.name).toBe('Docent');
    expect(session.config.system_name).toBe('Schoolwijzer');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    release(
      new Response(JSON.stringify({ ...teacher, name: 'Docent Nieuw' }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    await vi.waitFor(() => expect(session.user?.name).toBe('Docent Nieuw'));
  }, 15_000);

  it('signs out after a 401 whose refresh is refused', async () => {
    server.on(api.session.config, partial(storedConfig));
    server.on(api.session.info, failure(401, 'Niet ingelogd'));
    server.at(api.session.refreshToken, { refreshToken: 'refresh-1' }, failure(401, 'Sessie verlopen'));
    const db = await storedSession();
    const { outcome, session } = await start();
    expect(outcome).toBe('signed-out');
    expect(session.authenticated).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await db.meta.get('currentUser')).toBeUndefined();
  });

  it('keeps the session after a 401 whose refresh finds no network', async () => {
    server.on(api.session.config, partial(storedConfig));
    server.on(api.session.info, failure(401, 'Niet ingelogd'));
    server.at(api.session.refreshToken, { refreshToken: 'refresh-1' }, offline());
    await storedSession();
    const { outcome } = await start();
    expect(outcome).toBe('portal');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it("signs a student out on the server's 403, but not on a proxy's 403 page", async () => {
    server.on(api.session.config, partial(storedConfig));
    server.on(
      api.session.info,
      respond(async () => new Response('<h1>Forbidden</h1>', { status: 403 })),
    );
    await storedSession();
    expect((await start()).outcome).toBe('portal');
    expect(localStorage.getItem('accessToken')).toBe('access-1');

    vi.resetModules();
    server.on(api.session.info, failure(403, 'Leerlingen hebben geen toegang tot de Docentenomgeving.'));
    const { outcome } = await start();
    expect(outcome).toBe('student');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('a call the server never answers', () => {
  it('is abandoned after GIVE_UP_MS as a network failure, so it holds none of the browser’s connections', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_res, reject) => {
            if (init?.signal) signals.push(init.signal);
            init?.signal?.addEventListener('abort', () => reject(new DOMException('gave up', 'TimeoutError')));
          }),
      ),
    );
    const { GIVE_UP_MS } = await import('../../src/constants');
    const { call } = await import('../../src/data/api-client');
    const { api } = await import('../../src/api/catalogue');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = call(api.session.config).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(GIVE_UP_MS - 1);
    expect(signals.map((s) => s.aborted)).toEqual([false]);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals.map((s) => s.aborted)).toEqual([true]);
    expect(await answer).toMatchObject({ status: 0 });
  });
});

describe('start-up signed out', () => {
  it('does not open IndexedDB, and remembers the configuration once the teacher signs in', async () => {
    server.on(api.session.config, partial(storedConfig));
    server.on(api.session.authenticate, { accessToken: 'access-2', refreshToken: 'refresh-2' });
    server.on(api.session.info, teacher);
    const open = vi.spyOn(indexedDB, 'open');
    const { outcome, session } = await start();
    expect(outcome).toBe('signed-out');
    expect(session.config.system_name).toBe('Schoolwijzer');
    // Let a write that is not awaited (as the remembering is) start, if there were one.
    await new Promise((r) => setTimeout(r, 50));
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();

    const auth = await import('../../src/data/auth');
    expect(await auth.signIn('docent@demoschool.nl', 'Welkom123')).toBe('portal');
    const { offlineDb } = await import('../../src/data/offline-db');
    await vi.waitFor(async () => expect((await offlineDb.meta.get('config'))?.value).toEqual(storedConfig));
  });
});
