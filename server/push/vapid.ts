/**
 * The server's VAPID key pair (RFC 8292): from the config (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY),
 * else generated the first time it is needed and kept in the settings table, so every process of one
 * database signs with the same key and subscriptions survive restarts.
 */
import webpush from 'web-push';
import type { Queryable } from '../db/database';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for the push services: a mailto: or https: URL. */
  subject: string;
}

/** What server/config.ts read from VAPID_*: the pair when both are set, and the subject (default filled in). */
export interface VapidSettings {
  keys: { publicKey: string; privateKey: string } | undefined;
  subject: string;
}

const cache = new WeakMap<Queryable, Promise<Vapid>>();

async function load(db: Queryable, { keys: configured, subject }: VapidSettings): Promise<Vapid> {
  if (configured) return { ...configured, subject };
  // One row holds both halves, so two processes starting at once cannot end up with halves of two pairs.
  await db.query(`INSERT INTO settings (key, value) VALUES ('vapid_keys', $1) ON CONFLICT (key) DO NOTHING`, [
    JSON.stringify(webpush.generateVAPIDKeys()),
  ]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'vapid_keys'`);
  const keys = JSON.parse(row?.value ?? '{}') as Partial<Vapid>;
  if (!keys.publicKey || !keys.privateKey) throw new Error('settings.vapid_keys holds no key pair');
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}

export function vapidKeys(db: Queryable, settings: VapidSettings): Promise<Vapid> {
  let keys = cache.get(db);
  if (!keys) {
    keys = load(db, settings);
    cache.set(db, keys);
    keys.catch(() => cache.delete(db));
  }
  return keys;
}
