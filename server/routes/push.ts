/** Web Push subscriptions of portal users (server/push/ sends). */
import type { api } from '../../src/api/catalogue';
import { badRequest } from '../http-error';
import { EndpointRefused } from '../push/endpoint-policy';
import { vapidKeys } from '../push/vapid';
import type { Handlers } from './handler';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url key when it has the expected length (and, for a P-256 point, form). */
function keyBytes(value: string, length: number): Buffer | null {
  if (!BASE64URL.test(value)) return null;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === length ? bytes : null;
}

export const pushHandlers: Handlers<typeof api.push> = {
  publicKey: async ({ db }) => ({ publicKey: (await vapidKeys(db)).publicKey }),

  subscribe: async ({ db, user, body, app }) => {
    let endpoint: string;
    try {
      endpoint = (await app.push.checkEndpoint(body.endpoint)).toString();
    } catch (err) {
      if (err instanceof EndpointRefused) throw badRequest(err.message);
      throw err;
    }
    const p256dh = keyBytes(body.keys.p256dh, 65);
    if (!p256dh || p256dh[0] !== 0x04) throw badRequest('De sleutel p256dh is geen geldige P-256-sleutel.');
    if (!keyBytes(body.keys.auth, 16)) throw badRequest('De sleutel auth moet 16 bytes zijn.');
    // One row per browser endpoint: a tablet handed to another teacher moves its subscription along.
    await db.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
      [user.id, endpoint, body.keys.p256dh, body.keys.auth],
    );
    return { message: 'Meldingen staan aan op dit apparaat.' };
  },

  unsubscribe: async ({ db, user, body }) => {
    const endpoint = URL.canParse(body.endpoint) ? new URL(body.endpoint).toString() : body.endpoint;
    await db.query(`DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2`, [endpoint, user.id]);
    return { message: 'Meldingen staan uit op dit apparaat.' };
  },
};
