/**
 * Script injection at the API level: HTML and script probes stored in every user text field come
 * back as the very same plain strings in JSON (the API neither renders nor mangles them, and never
 * 500s); the print page escapes content; the security headers are on API answers and HTML pages.
 * Rendering safety in the browser (React escaping, DOMPurify for configured HTML) is the client
 * tests' part.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringsIn } from '../helpers/catalogue-samples';
import { COLLEGA, createTestApp, type TestApp } from '../helpers/test-app';

const PROBES = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "';alert(1)//",
  '{{constructor.constructor("alert(1)")()}}',
];

let t: TestApp;
let staticDir: string;
let item: { id: number; key: string };
let student: { id: number; email: string };

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'adv-static-'));
  await writeFile(
    join(staticDir, 'index.html'),
    '<!doctype html><html><head><title>Docentenomgeving</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ staticDir });
  [item] = (await t.db.query<{ id: number; key: string }>(
    `SELECT p.id, b.key FROM portfolio_items p JOIN portfolio_blocks b ON b.portfolio_item_id = p.id WHERE p.organisation_id = 1 ORDER BY p.id LIMIT 1`,
  )) as [{ id: number; key: string }];
  [student] = (await t.db.query<{ id: number; email: string }>(
    `SELECT u.id, u.email FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1 WHERE u.role = 'STUDENT' AND u.id > 3 ORDER BY u.id LIMIT 1`,
  )) as [{ id: number; email: string }];
});
afterAll(async () => {
  await t.close();
  await rm(staticDir, { recursive: true, force: true });
});

const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.fastify.inject({ method, url: `/api/${url}`, headers: await t.as(COLLEGA), ...(payload ? { payload } : {}) });

/** Saves the probe through one field and reads it back; both answers must carry it unchanged. */
const fields: [string, (probe: string) => Promise<{ saved: unknown; read: unknown }>][] = [
  [
    'wishlist title and description',
    async (p) => {
      const saved = (await call('POST', 'wishlistItems/save', { id: 0, title: p, description: p })).json() as { id: number };
      return { saved, read: (await call('GET', `wishlistItems/details/${saved.id}`)).json() };
    },
  ],
  [
    'wishlist comment',
    async (p) => {
      const saved = (await call('POST', 'wishlistComments/save', { wishlistItemId: 1, comment: p })).json();
      return { saved, read: (await call('GET', 'wishlistItems/details/1')).json() };
    },
  ],
  [
    'portfolio feedback message',
    async (p) => {
      const saved = (await call('POST', 'portfolioItems/saveFeedback', { portfolioItemId: item.id, key: item.key, message: p })).json();
      return { saved, read: (await call('GET', `portfolioItems/details/${item.id}`)).json() };
    },
  ],
  [
    'document title',
    async (p) => {
      const saved = (await call('POST', 'documents/save', { id: 0, title: p })).json() as { id: number };
      return { saved, read: (await call('GET', `documents/details/${saved.id}`)).json() };
    },
  ],
  [
    'student name (users/save)',
    async (p) => {
      const saved = (await call('POST', 'users/save', { id: student.id, email: student.email, name: p })).json();
      return { saved, read: (await call('GET', `users/details/${student.id}`)).json() };
    },
  ],
  [
    'class name (classrooms/save)',
    async (p) => {
      const name = p.slice(0, 100);
      const saved = (await call('POST', 'classrooms/save', { id: 0, name, defaultStudyLevel: 'basis', chapters: [1] })).json() as {
        id: number;
      };
      return { saved, read: (await call('GET', `classrooms/details/${saved.id}`)).json() };
    },
  ],
];

describe('probes in every user text field', () => {
  it.each(fields)('%s: stored and answered as the same plain string', async (_field, roundTrip) => {
    for (const probe of PROBES) {
      const { saved, read } = await roundTrip(probe);
      for (const [label, body] of [
        ['save answer', saved],
        ['read answer', read],
      ] as const) {
        const strings = stringsIn(body);
        expect(strings, `${label} for ${probe}: ${JSON.stringify(body).slice(0, 300)}`).toContain(probe);
        // Not escaped, not stripped: the API holds text, the page decides how to show it.
        expect(strings.some((s) => s.includes('&lt;') || s.includes('&gt;') || s.includes('&quot;'))).toBe(false);
      }
    }
  });

  it('answers JSON, never HTML, with nosniff, so a probe cannot be rendered by the browser from the API', async () => {
    const res = await call('GET', 'wishlistItems');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<script>alert(1)</script>'.replace(/"/g, '\\"'));
  });
});

describe('the print page', () => {
  it('escapes lesson and module text', async () => {
    const [lesson] = await t.db.query<{ id: number; chapter_id: number; level: string }>(
      `SELECT l.id, l.chapter_id, c.levels[1] AS level FROM lessons l JOIN chapters c ON c.id = l.chapter_id
        WHERE c.id = (SELECT id FROM chapters WHERE cardinality(levels) > 0 ORDER BY id LIMIT 1) ORDER BY l.position, l.id LIMIT 1`,
    );
    await t.db.query(`UPDATE lessons SET title = $2 WHERE id = $1`, [lesson!.id, PROBES.join(' ')]);
    await t.db.query(`UPDATE chapters SET name = $2 WHERE id = $1`, [lesson!.chapter_id, PROBES[1]!]);
    const res = await call(
      'GET',
      `chapterLessons/requestDownload/${lesson!.id}?showContent=1&showAssignments=1&showAnswers=1&showTerms=1&showDefinitions=1&studyLevel=${lesson!.level}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = await t.fastify.inject({ method: 'GET', url: `/print/${(res.json() as { hash: string }).hash}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const raw of ['<script>', '<img src=x', '<svg onload', '"><svg']) expect(page.body).not.toContain(raw);
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).not.toMatch(/<script/i);
  });

  it('escapes the hash in its "not found" page', async () => {
    const page = await t.fastify.inject({ method: 'GET', url: `/print/${encodeURIComponent('<script>alert(1)</script>')}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('<script>alert(1)');
  });
});

describe('security headers', () => {
  function expectHeaders(headers: Record<string, unknown>, what: string) {
    const csp = String(headers['content-security-policy'] ?? '');
    const scriptSrc = /script-src([^;]*)/.exec(csp)?.[1] ?? /default-src([^;]*)/.exec(csp)?.[1];
    expect(scriptSrc, `${what}: ${csp}`).toBeDefined();
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
    expect(csp, what).toMatch(/frame-ancestors '(self|none)'/);
    const objectSrc = /object-src([^;]*)/.exec(csp)?.[1] ?? /default-src([^;]*)/.exec(csp)?.[1];
    expect(objectSrc?.trim(), `${what}: ${csp}`).toBe("'none'");
    expect(csp, what).toMatch(/base-uri '(self|none)'/);
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(String(headers['referrer-policy']), what).toMatch(/^(same-origin|no-referrer|strict-origin|strict-origin-when-cross-origin)$/);
  }

  it('are on API answers: success, refusal, validation error, not found', async () => {
    expectHeaders((await t.fastify.inject({ method: 'GET', url: '/api/config' })).headers, 'config');
    expectHeaders((await call('GET', 'users/info')).headers, 'users/info');
    expectHeaders((await t.fastify.inject({ method: 'GET', url: '/api/users/info' })).headers, '401');
    expectHeaders((await call('GET', 'classrooms/details/abc')).headers, '400');
    expectHeaders((await call('GET', 'bestaat/niet')).headers, '404');
    expectHeaders((await call('POST', 'wishlistItems/save', { id: 0, title: '<b>x</b>', description: 'x' })).headers, 'write');
  });

  it('are on the HTML pages: the app shell, an app route, the print page', async () => {
    const shell = await t.fastify.inject({ method: 'GET', url: '/' });
    expect(shell.statusCode).toBe(200);
    expectHeaders(shell.headers, 'shell');
    const route = await t.fastify.inject({ method: 'GET', url: '/classrooms/%3Cscript%3E' });
    expect(route.statusCode).toBe(200);
    expect(route.body).not.toContain('<script>');
    expectHeaders(route.headers, 'app route');
    expectHeaders((await t.fastify.inject({ method: 'GET', url: '/print/onbekend' })).headers, 'print');
  });
});
