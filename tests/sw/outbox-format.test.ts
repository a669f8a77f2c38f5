/**
 * Issue #19 renamed endpoint ids by area. A tablet that updates keeps what it stored under the old
 * ids: the outbox (changes queued offline) and the offline copy. These tests write the database as
 * the old version did (schema 1, outbox format 1, old ids) and open it with the new code.
 * rename-ids: keep (these old ids are the point).
 */
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { api, findEndpoint } from '../../src/api/catalogue';
import { endpointUrl } from '../../src/api/request';
import { PREPARE_KEY } from '../../src/constants';
import { openOfflineDb, type OutboxEntry } from '../../src/offline/db';
import { replayOutbox } from '../../src/offline/outbox';
import { readCacheKey, readThrough, SCOPE_HEADER } from '../../src/offline/read-through';

let n = 0;
const SCOPE = '1:7';
const OLD_STORES = { reads: 'key, scope', outbox: '++seq, state, idempotencyKey, scope', meta: 'key' };

/** The database as the old version left it. */
async function oldDatabase(fill: (db: Dexie) => Promise<void>): Promise<string> {
  const name = `format-1-${n++}`;
  const old = new Dexie(name);
  old.version(1).stores(OLD_STORES);
  await old.open();
  await fill(old);
  old.close();
  return name;
}

const oldEntry = (endpointId: string, args: OutboxEntry['args'], i: number): OutboxEntry => ({
  format: 1,
  idempotencyKey: `key-${i}`,
  endpointId,
  scope: SCOPE,
  args,
  label: `wijziging ${i}`,
  createdAt: 1000 + i,
  state: 'waiting',
  attempts: 0,
  nextAttemptAt: 0,
});

/** 20 changes a teacher made offline, with the old ids, and where each must arrive (spec §7 paths). */
const QUEUED: [string, OutboxEntry['args'], string][] = [
  ['classrooms.approveCheck', { params: { id: 11 } }, 'GET /api/checkRequests/approve/11'],
  ['classrooms.rejectCheck', { params: { id: 12 } }, 'GET /api/checkRequests/reject/12'],
  ['classrooms.activitiesRead', { query: { upTo: 40 } }, 'GET /api/activities/read?upTo=40'],
  ['session.setCurrentClassroom', { params: { id: 3 } }, 'GET /api/users/setCurrentClassroomId/3'],
  ['session.changeStudyLevel', { params: { level: 'kader' } }, 'GET /api/users/changeStudyLevel/kader'],
  [
    'session.saveExtendInfo',
    { body: { extendIntention: true, extendContactEmail: 'a@school.nl' } },
    'POST /api/organisations/saveExtendInfo',
  ],
  ['material.activateTeacher', { params: { id: 21 } }, 'GET /api/organisations/activateTeacher/21'],
  ['material.deactivateTeacher', { params: { id: 22 } }, 'GET /api/organisations/deactivateTeacher/22'],
  ['material.saveDocument', { body: { id: 5, title: 'Nieuwe titel' } }, 'POST /api/documents/save'],
  ['material.deleteDocumentFile', { params: { id: 'f-9' } }, 'DELETE /api/documents/deleteFile/f-9'],
  ['material.deleteDocument', { params: { id: 6 } }, 'DELETE /api/documents/delete/6'],
  ['portfolios.saveUser', { body: { id: 31, name: 'Sanne' } }, 'POST /api/users/save'],
  ['portfolios.saveFeedback', { body: { portfolioItemId: 8, key: 'b1', message: 'Goed gedaan' } }, 'POST /api/portfolioItems/saveFeedback'],
  [
    'portfolios.saveFeedbackStatus',
    { body: { portfolioItemId: 8, key: 'b1', status: 'GOOD' } },
    'POST /api/portfolioItems/saveFeedbackStatus',
  ],
  ['portfolios.removeFeedback', { params: { feedbackId: 4 } }, 'POST /api/portfolioItems/removeFeedback/4'],
  ['classrooms.save', { body: { id: 0, name: '2B', defaultStudyLevel: 'basis', chapters: [1] } }, 'POST /api/classrooms/save'],
  ['classrooms.massMove', { body: { users: [31], targetClassroomId: 2, currentClassroomId: 3 } }, 'POST /api/students/bulk/massMove'],
  ['wishlist.voteUp', { params: { id: 2 } }, 'GET /api/wishlistItems/voteUp/2'],
  ['classrooms.delete', { params: { id: 9 } }, 'DELETE /api/classrooms/delete/9'],
  ['session.report', { body: { url: '/klassen', message: 'fout' } }, 'POST /api/application/Jobs/Report.php'],
];

function recordingServer() {
  const sent: { line: string; key: string | null }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://app.test');
    sent.push({ line: `${init.method} ${u.pathname}${u.search}`, key: new Headers(init.headers).get('Idempotency-Key') });
    return new Response(JSON.stringify({ message: 'ok' }), { status: 200 });
  }) as typeof fetch;
  return { sent, fetchFn };
}

describe('an outbox written by the old format', () => {
  it('delivers each of 20 queued changes once, in order, to the endpoint it was made for', async () => {
    const name = await oldDatabase(async (old) => {
      await old.table('outbox').bulkAdd(QUEUED.map(([id, args], i) => oldEntry(id, args, i)));
    });
    const db = openOfflineDb(name);
    const server = recordingServer();

    const report = await replayOutbox(db, { fetchFn: server.fetchFn, force: true });

    expect(report).toMatchObject({ delivered: 20, refused: 0, stoppedBy: 'done' });
    expect(server.sent.map((s) => s.line)).toEqual(QUEUED.map(([, , line]) => line));
    expect(server.sent.map((s) => s.key)).toEqual(QUEUED.map((_, i) => `key-${i}`));
    // The rows carry the new ids: the optimistic patches and the 'Niet verzonden' list look them up.
    const rows = await db.outbox.toArray();
    expect(rows.every((r) => r.format === 2 && findEndpoint(r.endpointId))).toBe(true);
    expect(rows.find((r) => r.idempotencyKey === 'key-0')?.endpointId).toBe('dashboard.approveCheck');
    db.close();
  });

  it('also delivers a change an old tab queued after the update opened the database', async () => {
    const name = await oldDatabase(async () => undefined);
    const db = openOfflineDb(name);
    await db.open();
    await db.outbox.add(oldEntry('material.activateTeacher', { params: { id: 21 } }, 0));
    const server = recordingServer();

    const report = await replayOutbox(db, { fetchFn: server.fetchFn, force: true });

    expect(report.delivered).toBe(1);
    expect(server.sent.map((s) => s.line)).toEqual(['GET /api/organisations/activateTeacher/21']);
    db.close();
  });
});

describe('the offline copy made by the old version', () => {
  const detailsUrl = endpointUrl(api.students.details, { params: { id: 31 } }, 'http://app.test/api/');

  async function preparedByOldVersion(): Promise<string> {
    return oldDatabase(async (old) => {
      await old
        .table('reads')
        .put({ key: readCacheKey(SCOPE, 'GET', detailsUrl), scope: SCOPE, data: { id: 31, name: 'Sanne' }, updatedAt: 1 });
      await old.table('meta').put({
        key: PREPARE_KEY,
        value: {
          scope: SCOPE,
          status: 'paused',
          queue: [
            { kind: 'read', endpoint: 'portfolios.user', params: { userId: 31 } },
            { kind: 'file', fileId: 'img-1' },
          ],
          inFlight: [{ kind: 'read', endpoint: 'classrooms.teachers' }],
          doneKeys: [
            'classrooms.details:{"params":{"id":3}}',
            'portfolios.userDetails:{"params":{"id":31}}',
            'portfolios.details:{"params":{"id":8}}',
            'file:img-0',
          ],
        },
      });
    });
  }

  it('serves a read stored before the update to the renamed endpoint, offline', async () => {
    const db = openOfflineDb(await preparedByOldVersion());
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;

    const res = await readThrough(db.reads, new Request(detailsUrl, { headers: { [SCOPE_HEADER]: SCOPE } }), { fetchFn: offline });

    expect(await res.json()).toEqual({ id: 31, name: 'Sanne' });
    db.close();
  });
});
