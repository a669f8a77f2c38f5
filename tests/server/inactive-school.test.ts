/** Part 1 §2 / part 2 §6: a school without licences (active 0) has only the first three tabs' screens. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/api/catalogue';
import { INACTIVE_SCHOOL } from '../../server/http/registry';
import { urlFor } from '../helpers/catalogue-samples';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.as(DOCENT);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.fastify.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
const switchTo = async (id: number) => expect((await call('GET', `users/setCurrentOrganisationId/${id}`)).statusCode).toBe(200);

// What a teacher reaches by typing the address of /documents, /books, /examinations, /portfolios or /wishlist.
const lastTabsCalls: [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object][] = [
  ['GET', 'documents'],
  ['GET', 'documents/details/1'],
  ['GET', 'examinations/all'],
  ['GET', 'examinations/request/x'],
  ['GET', 'chapters/levels/1'],
  ['GET', 'chapterLessons/requestDownload/1?showContent=1&showAnswers=1'],
  ['POST', 'portfolioItems/list?moduleFilters=0', {}],
  ['POST', 'portfolioItems/filters', {}],
  ['GET', 'wishlistItems'],
  ['GET', 'wishlistItems/details/0'],
  ['POST', 'wishlistItems/save', { id: 0, title: 'Idee', description: 'Uitleg' }],
];

describe('an inactive school', () => {
  it('is refused the last tabs’ screens with 403 and a Dutch reason', async () => {
    await switchTo(2);
    try {
      for (const [method, url, payload] of lastTabsCalls) {
        const res = await call(method, url, payload);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.message, url).toBe(INACTIVE_SCHOOL);
      }
    } finally {
      await switchTo(1);
    }
  });

  it('refuses every call marked activeSchool in the catalogue', async () => {
    const marked = catalogue.filter((e) => e.def.activeSchool);
    expect(marked.length).toBeGreaterThan(20);
    await switchTo(2);
    try {
      for (const { def } of marked) {
        const res = await t.fastify.inject({
          method: def.method,
          url: urlFor(def),
          headers,
          ...(def.method === 'POST' && def.body === 'json' ? { payload: {} } : {}),
        });
        expect(res.statusCode, def.path).toBe(403);
      }
    } finally {
      await switchTo(1);
    }
  });

  it('keeps dashboard, classes, teachers, student profiles and licences', async () => {
    await switchTo(2);
    try {
      for (const url of [
        'organisations/info',
        'activities/classroom',
        'classrooms/school',
        'organisations/teachers',
        'organisations/students/idle',
        'organisations/licenses',
        'organisations/extendInfo',
        'organisations/sections',
      ]) {
        expect((await call('GET', url)).statusCode, url).toBe(200);
      }
    } finally {
      await switchTo(1);
    }
  });

  it('leaves an active school every screen', async () => {
    for (const [method, url, payload] of lastTabsCalls.filter(([m]) => m !== 'POST')) {
      expect((await call(method, url, payload)).statusCode, url).not.toBe(403);
    }
  });
});
