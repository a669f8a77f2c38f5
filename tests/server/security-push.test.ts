/**
 * Issue 15, finding 1: blind SSRF through Web Push. push/subscribe took any https endpoint
 * (127.0.0.1, [::1], 169.254.169.254, 10.0.0.1, localhost) and the server later POSTed there. The
 * DNS answers come from a resolver the test controls, so no internet is needed.
 */
import { randomBytes, createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPushEndpoint, DEFAULT_PUSH_HOSTS, isPublicAddress } from '../../server/push/endpoint-policy';
import { sendOne } from '../../server/push/notify';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

/** What the test's DNS says; anything not listed does not exist. */
const dns = new Map<string, string[]>([
  ['fcm.googleapis.com', ['142.250.179.170', '2a00:1450:400e:80c::200a']],
  ['updates.push.services.mozilla.com', ['34.117.65.55']],
  ['api.push.apple.com', ['17.188.128.10']],
  ['db5p.notify.windows.com', ['40.127.240.158']],
  ['localhost', ['127.0.0.1', '::1']],
]);
const resolveHost = async (host: string) => {
  const found = dns.get(host);
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { resolveHost });
});
afterAll(() => t.close());

function keys() {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  return { p256dh: ua.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const subscribe = async (endpoint: string) =>
  t.fastify.inject({ method: 'POST', url: '/api/push/subscribe', headers: await t.as(DOCENT), payload: { endpoint, keys: keys() } });

const stored = async (endpoint: string) => (await t.db.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [endpoint])).length;

describe('push/subscribe refuses endpoints inside our own network', () => {
  it.each([
    'https://127.0.0.1:8080/x',
    'https://localhost/x',
    'https://[::1]/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/x',
    'https://2130706433/x',
    'https://0x7f.0.0.1/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://fcm.googleapis.com:8443/x',
    'https://user:pw@fcm.googleapis.com/x',
    'https://push.example.net/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilnotify.windows.com/x',
  ])('%s: 400 with a Dutch reason, nothing stored', async (endpoint) => {
    const res = await subscribe(endpoint);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/push-adres|push-dienst/);
    expect(await stored(endpoint)).toBe(0);
  });

  it('accepts the known push services', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc123',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://api.push.apple.com/3/device/abc',
      'https://db5p.notify.windows.com/w/?token=abc',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(200);
    }
  });

  it('refuses a known host name that resolves to a private address (DNS pointed inward)', async () => {
    dns.set('evil.push.apple.com', ['10.1.2.3']);
    const res = await subscribe('https://evil.push.apple.com/x');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Dit push-adres wijst naar een intern netwerkadres en wordt niet geaccepteerd.');
    dns.set('mixed.push.apple.com', ['17.1.1.1', 'fd00::1']);
    expect((await subscribe('https://mixed.push.apple.com/x')).statusCode).toBe(400);
  });
});

describe('the check runs again at send time', () => {
  it('does not POST when the host now resolves to a private address', async () => {
    dns.set('rebind.push.apple.com', ['17.2.2.2']);
    const endpoint = 'https://rebind.push.apple.com/x';
    expect((await subscribe(endpoint)).statusCode).toBe(200);
    const [sub] = await t.db.query<{ id: number; endpoint: string; p256dh: string; auth: string }>(
      `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE endpoint = $1`,
      [endpoint],
    );
    // DNS now points at the cloud metadata address: no request may leave (status 0 = not sent).
    dns.set('rebind.push.apple.com', ['169.254.169.254']);
    const status = await sendOne(t.context, sub!, { title: 't', body: 'b', tag: 'x', url: '/index' });
    expect(status).toBe(0);
  });
});

describe('the policy itself', () => {
  it('classes addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of [
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      '2001:db8::1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['142.250.179.170', '17.188.128.10', '2a00:1450:400e:80c::200a', '::ffff:142.250.179.170'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('PUSH_HOSTS=* allows any host that resolves to public addresses only', async () => {
    const policy = { hosts: ['*'], resolve: resolveHost };
    await expect(checkPushEndpoint('https://fcm.googleapis.com/x', policy)).resolves.toBeInstanceOf(URL);
    await expect(checkPushEndpoint('https://localhost/x', policy)).rejects.toThrow(/intern netwerkadres/);
    await expect(checkPushEndpoint('https://127.0.0.1/x', policy)).rejects.toThrow(/IP-adres/);
    expect(DEFAULT_PUSH_HOSTS).toContain('fcm.googleapis.com');
  });
});
