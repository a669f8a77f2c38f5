/**
 * Bad input, generated from the catalogue's JSON schemas with fast-check: wrong types, missing and
 * extra fields, huge strings, unicode, out-of-range ids, malformed JSON, wrong content types. A
 * request that must be refused gets a 4xx with a message and changes no row; no request gets a 5xx.
 * The server coerces types (ajv coerceTypes 'array'), so only values no coercion can rescue count as
 * "must be refused"; everything else must merely not break the server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, type CatalogueEntry } from '../../src/api/catalogue';
import type { EndpointDef } from '../../src/api/endpoint';
import { FORM_ENCODED_CALLS } from '../../server/http/form-body';
import { pathParams, tableCounts, urlFor } from '../helpers/catalogue-samples';
import { COLLEGA, createTestApp, LEERLING, type TestApp } from '../helpers/test-app';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: readonly string[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: readonly unknown[];
  anyOf?: readonly Schema[];
  items?: Schema;
  maxItems?: number;
}

const SEED = 20240611;
const RUNS = 15;
const HUGE = 'x'.repeat(100 * 1024);

let t: TestApp;
let dataDir: string;
const base: Record<string, Record<string, unknown>> = {};
let counter = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adv-input-'));
  t = await createTestApp({ dataDir });
  const [item] = await t.db.query<{ id: number; key: string }>(
    `SELECT p.id, b.key FROM portfolio_items p JOIN portfolio_blocks b ON b.portfolio_item_id = p.id WHERE p.organisation_id = 1 ORDER BY p.id LIMIT 1`,
  );
  const [student] = await t.db.query<{ id: number; email: string }>(
    `SELECT u.id, u.email FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = 1 WHERE u.role = 'STUDENT' AND u.id > 3 ORDER BY u.id LIMIT 1`,
  );
  const [lesson] = await t.db.query<{ id: number }>(`SELECT min(id) AS id FROM lessons`);
  // Sign in first: a sign-in writes rows (refresh token, LOGIN activity) that the counts must not see.
  await t.as(COLLEGA);
  await t.as(LEERLING);
  // Valid requests to mutate, where a schema alone does not make one.
  Object.assign(base, {
    'classrooms.save': { id: 0, name: 'Klas fuzz', defaultStudyLevel: 'basis', chapters: [] },
    'classrooms.massMove': { users: [], targetClassroomId: 1, currentClassroomId: 1 },
    'portfolios.saveFeedback': { portfolioItemId: item!.id, key: item!.key, message: 'Goed gedaan' },
    'portfolios.saveFeedbackStatus': { portfolioItemId: item!.id, key: item!.key, status: 'GOOD' },
    'students.save': { id: student!.id, email: student!.email, name: 'Leerling' },
    'documents.save': { id: 0, title: 'Document' },
    'teachers.invite': { email: 'nieuwe.docent@hetbaken.nl' },
    'wishlist.save': { id: 0, title: 'Wens', description: 'Omschrijving' },
    'wishlist.saveComment': { wishlistItemId: 1, comment: 'Reactie' },
    'session.authenticate': { email: 'niemand@demoschool.nl', password: 'V2Vsa29tMTIz', encoding: 'base64' },
    'session.report': { url: '/dashboard', message: 'fout', status: 500 },
    'licences.saveExtendInfo': { extendIntention: false },
    'studentsApp.requestCheck': { lessonId: lesson!.id },
  });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A valid value for a schema, for fields without a known sample. */
function validValue(s: Schema): unknown {
  if (s.anyOf) return validValue(s.anyOf[0]!);
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'integer':
      return Math.max(s.minimum ?? 1, 1);
    case 'string':
      return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, validValue(s.properties?.[k] ?? {})]));
    default:
      return 'x';
  }
}

/** Values that no type coercion can make valid. */
function rejected(s: Schema): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.constantFrom({}, { a: 1 }, [[1], [2]]);
  if (s.enum) return fc.constantFrom('NIET-BESTAAND', 7, {}, -1);
  switch (s.type) {
    case 'integer': {
      const options: fc.Arbitrary<unknown>[] = [
        fc.constantFrom('abc', 1.5, 1e30, 2 ** 31, {}, [1, 2], '1e30', 'NaN', 'Infinity', '-Infinity', '1e999'),
      ];
      if (s.minimum !== undefined) options.push(fc.integer({ min: -(2 ** 31), max: s.minimum - 1 }));
      if (s.maximum !== undefined) options.push(fc.integer({ min: s.maximum + 1, max: Number.MAX_SAFE_INTEGER }));
      return fc.oneof(...options);
    }
    case 'string': {
      const options: fc.Arbitrary<unknown>[] = [fc.constantFrom({}, { a: 1 }, [1, 2])];
      if (s.maxLength !== undefined) options.push(fc.constant('y'.repeat(s.maxLength + 1)), fc.constant(HUGE));
      if ((s.minLength ?? 0) > 0) options.push(fc.constant(''));
      return fc.oneof(...options);
    }
    case 'boolean':
      return fc.constantFrom('misschien', {}, 2, [true, false]);
    case 'array': {
      const options: fc.Arbitrary<unknown>[] = [fc.constantFrom({}, { 0: 1 })];
      if (s.items) options.push(fc.array(rejected(s.items), { minLength: 1, maxLength: 3 }));
      if (s.maxItems !== undefined) options.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => validValue(s.items ?? {}))));
      return fc.oneof(...options);
    }
    case 'object':
      // An object of optional fields (a form's `base`) takes {}: only a non-object is sure to be refused.
      return fc.constantFrom('abc', 5, [1, 2]);
    default:
      return fc.constantFrom('abc', {});
  }
}

const NASTY = ['😀', '\u202e', '\u200f', 'ا', '\u0000', '\uFEFF', '𝕏', '<', '"', "'", '\\', '%', '\n', 'é', '\uD83D\uDE00'];

/** Values that may well be valid: the server decides, but must not break. */
function odd(s: Schema): fc.Arbitrary<unknown> {
  const string = (max: number) =>
    fc.string({ unit: fc.oneof(fc.constantFrom(...NASTY), fc.string({ minLength: 1, maxLength: 1 })), maxLength: Math.min(max, 40) });
  if (s.type === 'string' && !s.enum) return string(s.maxLength ?? 40);
  if (s.type === 'integer' && !s.enum) return fc.integer({ min: s.minimum ?? 0, max: s.maximum ?? 2 ** 31 - 1 });
  return fc.oneof(fc.constant(null), fc.constant(true), string(20), fc.integer());
}

type Mutation =
  | { kind: 'field'; prop: string; value: unknown; must: boolean }
  | { kind: 'missing'; prop: string; must: true }
  | { kind: 'extra'; prop: string; value: unknown; must: false }
  | { kind: 'body'; value: unknown; must: true }
  | { kind: 'param'; prop: string; value: string; must: boolean }
  | { kind: 'query'; prop: string; value: string; must: boolean };

function mutations(def: EndpointDef): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [];
  const body = def.bodySchema as Schema | undefined;
  if (body?.properties) {
    const props = Object.keys(body.properties);
    const prop = fc.constantFrom(...props);
    options.push(
      prop.chain((p) => rejected(body.properties![p]!).map((value): Mutation => ({ kind: 'field', prop: p, value, must: true }))),
    );
    options.push(prop.chain((p) => odd(body.properties![p]!).map((value): Mutation => ({ kind: 'field', prop: p, value, must: false }))));
    if (body.required?.length)
      options.push(fc.constantFrom(...body.required).map((p): Mutation => ({ kind: 'missing', prop: p, must: true })));
    options.push(
      fc
        .record({ prop: fc.string({ minLength: 1, maxLength: 12 }), value: fc.jsonValue({ maxDepth: 2 }) })
        .map((r): Mutation => ({ kind: 'extra', ...r, must: false })),
    );
    options.push(fc.constantFrom<unknown>([], 'tekst', 5, true, [{}]).map((value): Mutation => ({ kind: 'body', value, must: true })));
  }
  const params = def.params as Schema | undefined;
  if (params?.properties) {
    for (const [p, s] of Object.entries(params.properties)) {
      if (s.type === 'integer') {
        options.push(
          fc
            .oneof(
              fc.constantFrom(
                '-1',
                '2147483648',
                '1e30',
                'abc',
                '1.5',
                '%00',
                '😀',
                'null',
                '[]',
                '1,2',
                'Infinity',
                '-Infinity',
                '1e999',
                'NaN',
              ),
              fc.integer({ max: -1 }).map(String),
              fc.bigInt({ min: 2n ** 31n, max: 10n ** 40n }).map(String),
            )
            .map((value): Mutation => ({ kind: 'param', prop: p, value, must: true })),
        );
      } else {
        options.push(
          fc
            .oneof(
              fc.string({ unit: fc.constantFrom(...NASTY, 'a', '.', '/'), minLength: 1, maxLength: 30 }),
              fc.constantFrom('..', '%2e%2e', 'a'.repeat(300)),
            )
            .map((value): Mutation => ({ kind: 'param', prop: p, value, must: false })),
        );
      }
    }
  }
  const query = def.query as Schema | undefined;
  if (query?.properties) {
    const scalar = Object.entries(query.properties).filter(([, s]) => s.type === 'integer');
    if (scalar.length) {
      options.push(
        fc
          .constantFrom(...scalar)
          .chain(([p, s]) =>
            fc
              .constantFrom('abc', '-5', '1e30', '2147483648', 'Infinity', '-Infinity', '1e999', 'NaN', ...(s.enum ? ['7'] : []))
              .map((value): Mutation => ({ kind: 'query', prop: p, value, must: true })),
          ),
      );
    }
  }
  return fc.oneof(...options);
}

function callerFor(def: EndpointDef): string | null {
  return def.access === 'portal' ? COLLEGA : def.access === 'student' ? LEERLING : null;
}

async function send(entry: CatalogueEntry, m: Mutation) {
  const { def } = entry;
  const who = callerFor(def);
  const headers: Record<string, string> = who ? await t.as(who) : {};
  let url: string;
  if (m.kind === 'param') {
    url =
      '/api/' +
      def.path.replace(/\{(\w+)\}/g, (_x, name: string) =>
        name === m.prop ? encodeURIComponent(m.value).replace(/%2525/g, '%25').replace('%2500', '%00') : '1',
      );
    if (m.value === '%00' || m.value === '%2e%2e')
      url = '/api/' + def.path.replace(/\{(\w+)\}/g, (_x, name: string) => (name === m.prop ? m.value : '1'));
  } else {
    url = urlFor(def);
  }
  if (m.kind === 'query') url += `?${encodeURIComponent(m.prop)}=${encodeURIComponent(m.value)}`;
  let payload: unknown;
  if (def.bodySchema) {
    const valid = {
      ...((base[entry.id] as Record<string, unknown> | undefined) ?? (validValue(def.bodySchema as Schema) as Record<string, unknown>)),
    };
    if (m.kind === 'field' || m.kind === 'extra') valid[m.prop] = m.value;
    if (m.kind === 'missing') delete valid[m.prop];
    payload = m.kind === 'body' ? m.value : valid;
  }
  return t.fastify.inject({
    method: def.method,
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
    // Sign-in is rate-limited per address; every generated request comes from its own.
    remoteAddress: `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter++ & 255}`,
  });
}

/** The tables whose row count differs, with before → after. */
function changed(before: Record<string, number>, after: Record<string, number>): Record<string, string> {
  return Object.fromEntries(
    Object.keys({ ...before, ...after })
      .filter((k) => before[k] !== after[k])
      .map((k) => [k, `${before[k]} → ${after[k]}`]),
  );
}

const targets = catalogue.filter((e) => e.def.bodySchema || e.def.params || e.def.query);
const isWrite = (def: EndpointDef) => def.kind === 'write' || def.method !== 'GET';

describe('generated bad input', () => {
  it('covers every route with a body, params or query schema', () => {
    expect(targets.length).toBeGreaterThanOrEqual(35);
  });

  it.each(targets.map((e) => [e.id, e] as const))(
    '%s: never a 5xx; refused input is a 4xx with a message and changes nothing',
    async (_id, entry) => {
      await fc.assert(
        fc.asyncProperty(mutations(entry.def), async (m) => {
          const before = m.must && isWrite(entry.def) ? await tableCounts(t.db) : null;
          const res = await send(entry, m);
          const what = `${entry.id} ${JSON.stringify(m).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (m.must) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          if (res.statusCode >= 400) expect(String(res.json().error?.message ?? ''), what).not.toBe('');
          if (before) expect(changed(before, await tableCounts(t.db)), what).toEqual({});
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
  );
});

const jsonRoutes = catalogue.filter((e) => e.def.body === 'json' && e.def.access !== 'public');

describe('bodies that are not the JSON the route expects', () => {
  const bad: [string, string, string][] = [
    ['truncated JSON', 'application/json', '{"id": 1, "name": '],
    ['JSON5-style keys', 'application/json', '{id: 1}'],
    ['trailing garbage', 'application/json', '{"id": 1}}'],
    ['a NUL byte', 'application/json', '\u0000'],
    ['an empty body', 'application/json', ''],
    ['a deeply nested body', 'application/json', '['.repeat(5000) + ']'.repeat(5000)],
    ['plain text', 'text/plain', '{"id": 1}'],
    ['XML', 'application/xml', '<id>1</id>'],
    ['no content type', '', '{"id": 1}'],
  ];

  it.each(jsonRoutes.map((e) => [e.id, e] as const))('%s refuses each with a 4xx and changes nothing', async (_id, entry) => {
    const before = await tableCounts(t.db);
    const headers = await t.as(callerFor(entry.def)!);
    for (const [what, type, payload] of bad) {
      const res = await t.fastify.inject({
        method: entry.def.method,
        url: urlFor(entry.def),
        headers: type ? { ...headers, 'content-type': type } : headers,
        payload,
      });
      const label = `${entry.id} with ${what}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(String(res.json().error?.message ?? ''), label).not.toBe('');
    }
    expect(changed(before, await tableCounts(t.db))).toEqual({});
  });

  // The saves of the spec's call lists take a form as well (issue 28, tests/server/issue28-classes.test.ts).
  it.each(jsonRoutes.filter((e) => !FORM_ENCODED_CALLS.has(e.id)).map((e) => [e.id, e] as const))(
    '%s refuses a form body where JSON is expected (415)',
    async (_id, entry) => {
      const before = await tableCounts(t.db);
      const headers = await t.as(callerFor(entry.def)!);
      const sample =
        (base[entry.id] as Record<string, unknown> | undefined) ?? (validValue(entry.def.bodySchema as Schema) as Record<string, unknown>);
      const form = new URLSearchParams(Object.entries(sample).map(([k, v]): [string, string] => [k, String(v)])).toString();
      const res = await t.fastify.inject({
        method: entry.def.method,
        url: urlFor(entry.def),
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
      expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(415);
      expect(res.json().error.message).toBeTruthy();
      expect(changed(before, await tableCounts(t.db))).toEqual({});
    },
  );

  it('a body over the limit is refused with 413 and a Dutch reason', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/wishlistItems/save',
      headers: { ...(await t.as(COLLEGA)), 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 0, title: 'x', description: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Het verzoek is te groot.');
  });

  it('an unknown path and an unknown method are 404 with a message, never 5xx', async () => {
    for (const [method, url] of [
      ['GET', '/api/bestaat/niet'],
      ['PUT', '/api/wishlistItems/save'],
      ['PATCH', '/api/classrooms/save'],
      ['GET', '/api/' + 'a/'.repeat(2000)],
      ['GET', '/api/classrooms/details/%E0%A4%A'],
    ] as const) {
      const res = await t.fastify.inject({ method, url, headers: await t.as(COLLEGA) });
      expect(res.statusCode, `${method} ${url.slice(0, 40)}: ${res.statusCode}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(String(res.json().error?.message ?? '')).not.toBe('');
    }
  });
});

describe('path parameters outside the schema', () => {
  // ajv's coercion reads ' ' as 0 and '0x10' as 16 (harmless: they name a record like any number).
  it.each([
    ['-1'],
    ['2147483648'],
    ['1e30'],
    ['abc'],
    ['1.5'],
    ['1%00'],
    ['%F0%9F%98%80'],
    ['Infinity'],
    ['-Infinity'],
    ['1e999'],
    ['NaN'],
  ])('id %s is a 400 on every id route, never a 5xx', async (value) => {
    const headers = await t.as(COLLEGA);
    for (const e of catalogue.filter(
      (c) => c.def.access === 'portal' && (c.def.params as Schema | undefined)?.properties?.id?.type === 'integer',
    )) {
      const url = '/api/' + e.def.path.replace('{id}', value);
      const res = await t.fastify.inject({ method: e.def.method, url, headers });
      expect(res.statusCode, `${e.id} ${value}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().error.message).toMatch(/^Ongeldige invoer: /);
    }
  });

  it('knows which parameters are integers (sanity check of the generator)', () => {
    expect(catalogue.filter((c) => pathParams(c.def.path).includes('id')).length).toBeGreaterThan(20);
  });
});

/** Every integer field of a schema, with how to put a value there: a path into the body. */
function integerFields(s: Schema | undefined, path: string[] = []): { path: string[]; inArray: boolean }[] {
  if (!s) return [];
  if (s.type === 'integer') return [{ path, inArray: false }];
  if (s.type === 'array' && s.items?.type === 'integer') return [{ path, inArray: true }];
  if (s.type === 'object' && s.properties) return Object.entries(s.properties).flatMap(([k, v]) => integerFields(v, [...path, k]));
  return [];
}

describe('non-finite, huge and negative numbers on every catalogue route (finding 2 of issue 15)', () => {
  // Ajv coerces "Infinity", "-Infinity" and "1e999" to ±Infinity, which passed `integer` and skipped
  // the maxima; JSON.parse reads the literal 1e999 as Infinity. Each gave a 500 before.
  const NON_FINITE = ['Infinity', '-Infinity', '1e999', 'NaN'];
  const OUT_OF_RANGE = ['99999999999999999999', '-2147483649', '-1', String(2 ** 53)];
  const withNumbers = catalogue.filter(
    (e) =>
      integerFields(e.def.bodySchema as Schema | undefined).length > 0 ||
      Object.values((e.def.params as Schema | undefined)?.properties ?? {}).some((s) => s.type === 'integer') ||
      Object.values((e.def.query as Schema | undefined)?.properties ?? {}).some((s) => s.type === 'integer'),
  );

  it('finds the routes that take numbers', () => {
    expect(withNumbers.length).toBeGreaterThanOrEqual(30);
  });

  it.each(withNumbers.map((e) => [e.id, e] as const))(
    '%s: a non-finite number is a 400 with a Dutch message; a huge or negative one never a 5xx',
    async (_id, entry) => {
      const { def } = entry;
      const who = callerFor(def);
      const headers: Record<string, string> = who ? await t.as(who) : {};
      const sends: { label: string; url: string; payload?: string; mustRefuse: boolean }[] = [];
      const params = Object.entries((def.params as Schema | undefined)?.properties ?? {});
      const plainUrl = urlFor(def);
      for (const [name, schema] of params.filter(([, s]) => s.type === 'integer')) {
        for (const v of [...NON_FINITE, ...OUT_OF_RANGE]) {
          const url =
            '/api/' +
            def.path.replace(/\{(\w+)\}/g, (_x, p: string) => (p === name ? encodeURIComponent(v) : p === 'level' ? 'basis' : '1'));
          sends.push({
            label: `param ${name}=${v}`,
            url,
            mustRefuse: NON_FINITE.includes(v) || Number(v) > (schema.maximum ?? Infinity) || Number(v) < (schema.minimum ?? -Infinity),
          });
        }
      }
      for (const [name] of Object.entries((def.query as Schema | undefined)?.properties ?? {}).filter(([, s]) => s.type === 'integer')) {
        for (const v of NON_FINITE)
          sends.push({ label: `query ${name}=${v}`, url: `${plainUrl}?${name}=${encodeURIComponent(v)}`, mustRefuse: true });
      }
      const sample =
        (base[entry.id] as Record<string, unknown> | undefined) ??
        (validValue((def.bodySchema ?? {}) as Schema) as Record<string, unknown>);
      for (const field of integerFields(def.bodySchema as Schema | undefined)) {
        for (const v of [...NON_FINITE, 'RAW_1e999', ...OUT_OF_RANGE]) {
          const body = structuredClone(sample);
          let target: Record<string, unknown> = body;
          for (const k of field.path.slice(0, -1)) target = (target[k] ??= {}) as Record<string, unknown>;
          const value = v === 'RAW_1e999' ? '__RAW__' : v;
          target[field.path.at(-1)!] = field.inArray ? [value] : value;
          // JSON cannot say Infinity; the literal 1e999 is what a client can send, and JSON.parse makes it Infinity.
          const payload = JSON.stringify(body).replace('"__RAW__"', '1e999');
          sends.push({
            label: `body ${field.path.join('.')}=${v}`,
            url: plainUrl,
            payload,
            mustRefuse: NON_FINITE.includes(v) || v === 'RAW_1e999',
          });
        }
      }
      const before = isWrite(def) ? await tableCounts(t.db) : null;
      let refusedAll = true;
      for (const s of sends) {
        const res = await t.fastify.inject({
          method: def.method,
          url: s.url,
          headers: s.payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          payload: s.payload,
          remoteAddress: `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter++ & 255}`,
        });
        const what = `${entry.id} ${s.label} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (s.mustRefuse) {
          expect(res.statusCode, what).toBe(400);
          expect(res.json().error.message, what).toMatch(/^Ongeldige invoer/);
          expect(res.json().error.message, what).not.toMatch(/\bmust\b/);
        } else if (res.statusCode < 400) refusedAll = false;
      }
      // Only refused requests were sent when every one must be refused: nothing may have changed.
      if (before && refusedAll) expect(changed(before, await tableCounts(t.db))).toEqual({});
    },
  );

  it('the error report (a form post) refuses status=Infinity with a 400', async () => {
    for (const status of ['Infinity', '-Infinity', '1e999']) {
      const res = await t.fastify.inject({
        method: 'POST',
        url: '/api/application/Jobs/Report.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ url: '/index', message: 'fout', status }).toString(),
        remoteAddress: `10.250.0.${counter++ & 255}`,
      });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toMatch(/^Ongeldige invoer/);
    }
  });
});
