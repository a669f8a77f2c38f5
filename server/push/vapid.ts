/**
 * The server's VAPID key pair (RFC 8292): from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated
 * the first time it is needed and kept in the settings table, so every process of one database signs
 * with the same key and subscriptions survive restarts.
 */
import webpush from 'web-push';
import type { Queryable } from '../db/database';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for the push services: a mailto: or https: URL. */
  subject: string;
}

const DEFAULT_SUBJECT = 'mailto:beheer@docentenomgeving.nl';

const cache = new WeakMap<Queryable, Promise<Vapid>>();

async function load(db: Queryable, env: NodeJS.ProcessEnv): Promise<Vapid> {
  const subject = env.VAPID_SUBJECT || DEFAULT_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  // One row holds both halves, so two processes starting at once cannot end up with halves of two pairs.
  await db.query(`INSERT INTO settings (key, value) VALUES ('vapid_keys', $1) ON CONFLICT (key) DO NOTHING`, [JSON.stringify(webpush.generateVAPIDKeys())]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'vapid_keys'`);
  const keys = JSON.parse(row?.value ?? '{}') as Partial<Vapid>;
  if (!keys.publicKey || !keys.privateKey) throw new Error('settings.vapid_keys holds no key pair');
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}

export function vapidKeys(db: Queryable, env: NodeJS.ProcessEnv = process.env): Promise<Vapid> {
  let keys = cache.get(db);
  if (!keys) {
    keys = load(db, env);
    cache.set(db, keys);
    keys.catch(() => cache.delete(db));
  }
  return keys;
}
