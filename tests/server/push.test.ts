import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { loadConfig } from '../../server/config';
import { notifyCheckRequest, pushSettled, type PushPayload } from '../../server/push/notify';
import { vapidKeys } from '../../server/push/vapid';
import { COLLEGA, createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

/** RFC 8291 (aes128gcm) decryption, as the browser does it with the subscription's private key. */
function decrypt(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // One record: the data, the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let server: Server;
let base: string;
const received: Received[] = [];
/** The server's context as notifyCheckRequest needs it: the same database (and so the same VAPID keys). */
let app: AppContext;

beforeAll(async () => {
  t = await createTestApp({ pushHosts: ['push.example.net'] });
  // The fake push service below is plain http on 127.0.0.1, which the real check refuses
  // (security-push.test.ts tests that); here every stored endpoint is trusted.
  app = { db: t.db, config: t.context.config, push: { checkEndpoint: async (raw: string) => new URL(raw) } } as AppContext;
  // A push service on plain http: /gone/* answers 410 like a service whose subscription expired.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await t.db.query(`UPDATE classrooms SET main_teacher_id = 1 WHERE id = 1`);
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});

const post = async (url: string, payload: object, who = DOCENT) =>
  t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(who), payload });

function newKeys() {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const auth = randomBytes(16);
  return { ua, auth, keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/**
 * Subscribes through the route (which takes https endpoints only, as every browser push service is),
 * then points the row at the local http service.
 */
async function subscribe(who: string, path: string) {
  const k = newKeys();
  const endpoint = `https://push.example.net/${path}/${randomBytes(4).toString('hex')}`;
  const res = await post('push/subscribe', { endpoint, keys: k.keys }, who);
  expect(res.statusCode, res.body).toBe(200);
  const local = `${base}/${path}/${randomBytes(4).toString('hex')}`;
  await t.db.query(`UPDATE push_subscriptions SET endpoint = $2 WHERE endpoint = $1`, [endpoint, local]);
  return { ...k, endpoint: local };
}

/** A new student of class 1 asks for a check; answers the request id and the names the push should carry. */
async function checkRequest() {
  const email = `push${randomBytes(4).toString('hex')}@leerling.example`;
  const reg = await t.fastify.inject({
    method: 'POST',
    url: '/api/student/register',
    payload: { accessCode: await classCode(), email, name: 'Fatima Pushmelding', password: 'Wachtwoord123' },
  });
  const headers = { authorization: `Bearer ${reg.json().accessToken}` };
  const [lesson] = await t.db.query<{ id: number; title: string }>(
    `SELECT l.id, l.title FROM lessons l JOIN classroom_chapters cc ON cc.chapter_id = l.chapter_id WHERE cc.classroom_id = 1 ORDER BY l.id LIMIT 1`,
  );
  const res = await t.fastify.inject({ method: 'POST', url: '/api/student/checkRequests', headers, payload: { lessonId: lesson!.id } });
  expect(res.statusCode).toBe(200);
  return { id: res.json().id as number, lesson: lesson!.title };
}

async function classCode(): Promise<string> {
  const [row] = await t.db.query<{ access_code: string }>(`SELECT access_code FROM classrooms WHERE id = 1`);
  return row!.access_code;
}

async function waitFor<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('push/publicKey, subscribe and unsubscribe', () => {
  it('answers one VAPID public key, generated once and kept in settings', async () => {
    const a = (await t.fastify.inject({ method: 'GET', url: '/api/push/publicKey', headers: await t.as(DOCENT) })).json();
    const b = (await t.fastify.inject({ method: 'GET', url: '/api/push/publicKey', headers: await t.as(COLLEGA) })).json();
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.publicKey).toBe(a.publicKey);
    const [row] = await t.db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'vapid_keys'`);
    expect(JSON.parse(row!.value).publicKey).toBe(a.publicKey);
  });

  it('takes the keys from the environment when they are set', async () => {
    const noDb = { query: () => Promise.reject(new Error('not used')) };
    const { vapid } = loadConfig({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ict@school.nl' });
    expect(await vapidKeys(noDb, vapid)).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
      subject: 'mailto:ict@school.nl',
    });
  });

  it('stores a subscription per teacher and removes it again', async () => {
    const { keys } = newKeys();
    const endpoint = 'https://push.example.net/abc';
    expect((await post('push/subscribe', { endpoint, keys })).json().message).toBe('Meldingen staan aan op dit apparaat.');
    expect((await post('push/subscribe', { endpoint, keys })).statusCode).toBe(200); // again: still one row
    expect(await t.db.query(`SELECT user_id FROM push_subscriptions WHERE endpoint = $1`, [endpoint])).toEqual([{ user_id: 1 }]);
    expect((await post('push/unsubscribe', { endpoint })).statusCode).toBe(200);
    expect(await t.db.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [endpoint])).toHaveLength(0);
  });

  it('answers 400 for a non-https endpoint, bad keys or a missing field', async () => {
    const { keys } = newKeys();
    expect((await post('push/subscribe', { endpoint: 'http://10.0.0.1/x', keys })).statusCode).toBe(400);
    expect((await post('push/subscribe', { endpoint: 'geen adres', keys })).statusCode).toBe(400);
    expect((await post('push/subscribe', { endpoint: 'https://push.example.net/x', keys: { ...keys, p256dh: 'abc' } })).statusCode).toBe(
      400,
    );
    expect((await post('push/subscribe', { endpoint: 'https://push.example.net/x', keys: { ...keys, auth: 'abc' } })).statusCode).toBe(400);
    expect((await post('push/subscribe', { endpoint: 'https://push.example.net/x' })).statusCode).toBe(400);
  });
});

describe('a new check request is pushed to the teachers of the class', () => {
  it('sends one encrypted push that names the student and the lesson, with VAPID', async () => {
    const docent = await subscribe(DOCENT, 'ok');
    const collega = await subscribe(COLLEGA, 'ok'); // not a teacher of class 1 now
    await t.db.query(`UPDATE users SET current_classroom_id = NULL WHERE id = (SELECT id FROM users WHERE email = $1)`, [COLLEGA]);
    const request = await checkRequest();
    notifyCheckRequest(app, { organisationId: 1, classroomId: 1, checkRequestId: request.id });
    await pushSettled(app);
    const push = await waitFor(() => received.find((r) => docent.endpoint.endsWith(r.path)));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const { publicKey } = await vapidKeys(t.db, app.config.vapid);
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    const payload = JSON.parse(decrypt(push.body, docent.ua, docent.auth)) as PushPayload;
    expect(payload).toEqual({
      title: 'Nieuwe controleaanvraag',
      body: `Fatima Pushmelding vraagt om een controle van ${request.lesson}`,
      tag: `check-request-${request.id}`,
      url: '/index',
    });
    expect(received.filter((r) => collega.endpoint.endsWith(r.path))).toHaveLength(0);
  });

  it('also reaches a teacher whose current class it is, and deletes a subscription the service answers 410', async () => {
    const gone = await subscribe(COLLEGA, 'gone');
    await t.db.query(`UPDATE users SET current_classroom_id = 1, current_organisation_id = 1 WHERE email = $1`, [COLLEGA]);
    const request = await checkRequest();
    notifyCheckRequest(app, { organisationId: 1, classroomId: 1, checkRequestId: request.id });
    await pushSettled(app);
    await waitFor(() => received.find((r) => gone.endpoint.endsWith(r.path)));
    const rows = await t.db.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [gone.endpoint]);
    expect(rows).toHaveLength(0);
  });

  it('sends nothing for a request withdrawn before the push went out, and never throws', async () => {
    const sub = await subscribe(DOCENT, 'ok');
    // Made directly, so only this test's call could push it.
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO check_requests (organisation_id, classroom_id, student_id, lesson_id, status)
       SELECT 1, 1, cs.user_id, 1, 'CANCELED' FROM classroom_students cs WHERE cs.classroom_id = 1 LIMIT 1 RETURNING id`,
    );
    expect(() => notifyCheckRequest(app, { organisationId: 1, classroomId: 1, checkRequestId: row!.id })).not.toThrow();
    await pushSettled(app);
    expect(received.filter((r) => sub.endpoint.endsWith(r.path))).toHaveLength(0);
  });
});
