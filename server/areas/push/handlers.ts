/** Web Push subscriptions of portal users (server/push/ sends). */
import type { api } from '../../../src/api/catalogue';
import type { Handlers } from '../../http/handler';
import { badRequest, conflict } from '../../http-error';
import { EndpointRefused } from '../../push/endpoint-policy';
import { vapidKeys } from '../../push/vapid';
import { deleteSubscription, saveSubscription } from './queries';

const ENDPOINT_TAKEN = 'Dit apparaat ontvangt al meldingen voor een ander account. Zet meldingen daar eerst uit.';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url key when it has the expected length (and, for a P-256 point, form). */
function keyBytes(value: string, length: number): Buffer | null {
  if (!BASE64URL.test(value)) return null;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === length ? bytes : null;
}

export const pushHandlers: Handlers<typeof api.push> = {
  publicKey: async ({ db, app }) => ({ publicKey: (await vapidKeys(db, app.config.vapid)).publicKey }),

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
    if (!(await saveSubscription(db, user.id, endpoint, body.keys))) throw conflict(ENDPOINT_TAKEN);
    return { message: 'Meldingen staan aan op dit apparaat.' };
  },

  unsubscribe: async ({ db, user, body }) => {
    const endpoint = URL.canParse(body.endpoint) ? new URL(body.endpoint).toString() : body.endpoint;
    await deleteSubscription(db, user.id, endpoint);
    return { message: 'Meldingen staan uit op dit apparaat.' };
  },
};
