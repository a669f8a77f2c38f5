/**
 * Issue 34.2: every answer leaves through the schema of its catalogue entry. The OpenAPI document
 * lists each catalogue route with its answer schema, and a field no schema names (a password hash a
 * query selected by mistake) never reaches the wire: not in a read, a write, or a replayed write.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, catalogue } from '../../src/api/catalogue';
import { defaultConfig } from '../../src/api/session/default-config';
import { installErrorHandler } from '../../server/http/errors';
import { OPENAPI_PATH } from '../../server/http/openapi';
import { registerCatalogue, type AreaHandlers } from '../../server/http/registry';
import { etagOfBody } from '../../server/http/read-etag';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('the OpenAPI document (GET /api/docs/openapi.json)', () => {
  it('lists every catalogue route with its method, path and answer schema, without a token', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toBe('3.1.0');
    const registered = catalogue.filter((e) => !e.def.ownRoute);
    expect(registered.length).toBeGreaterThan(80);
    for (const { id, def } of registered) {
      const operation = doc.paths[`/api/${def.path}`]?.[def.method.toLowerCase()];
      expect(operation, `${def.method} ${def.path}`).toBeDefined();
      expect(operation?.operationId).toBe(id);
      expect(def.answer, `${id} has an answer schema`).toBeDefined();
      expect(operation?.responses?.['200']?.content?.['application/json']?.schema, id).toEqual(def.answer);
    }
  });
});

const HASH = '$2b$12$abcdefghijklmnopqrstuv';

/** Every catalogue handler answers what the test gives for its id, with a stray column added. */
function strayHandlers(answers: Record<string, unknown>): AreaHandlers {
  return Object.fromEntries(
    Object.entries(api).map(([area, group]) => [
      area,
      Object.fromEntries(Object.keys(group).map((name) => [name, async () => answers[`${area}.${name}`]])),
    ]),
  ) as unknown as AreaHandlers;
}

describe('a field no answer schema names never leaves the server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The real registry and context on a bare Fastify, with handlers that leak on purpose.
    app = Fastify();
    installErrorHandler(app);
    registerCatalogue(
      app,
      t.context,
      strayHandlers({
        'session.config': { ...defaultConfig, passwordHash: HASH, preheader: { ...defaultConfig.preheader, passwordHash: HASH } },
        'session.report': { message: 'Bedankt voor de melding.', passwordHash: HASH },
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('a read: the answer and its ETag are the schema’s fields only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('passwordHash');
    expect(res.json()).toEqual(defaultConfig);
    expect(res.headers.etag).toBe(etagOfBody(res.body));
  });

  it('a write, its stored outcome and its replay', async () => {
    const headers = { ...(await t.as(DOCENT)), 'idempotency-key': 'stray-col-0000-0001' };
    const payload = { url: '/x', message: 'lek' };
    const first = await app.inject({ method: 'POST', url: '/api/application/Jobs/Report.php', headers, payload });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('{"message":"Bedankt voor de melding."}');
    const [stored] = await t.db.query<{ response: unknown }>(`SELECT response FROM idempotency_keys WHERE key = 'stray-col-0000-0001'`);
    expect(stored?.response).toEqual({ message: 'Bedankt voor de melding.' });
    const again = await app.inject({ method: 'POST', url: '/api/application/Jobs/Report.php', headers, payload });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('a refusal keeps its error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/info' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { message: expect.any(String) } });
  });
});
