/** The push area's SQL: Web Push subscriptions of portal users (server/push/ reads them to send). */
import type { Queryable } from '../../db/database';

/**
 * One row per browser endpoint. A tablet handed to another teacher moves its subscription along,
 * but only with the subscription's own keys (29.12): whoever knows just a colleague's endpoint URL
 * cannot take it over and silence her notifications. False when the endpoint is someone else's.
 */
export async function saveSubscription(
  db: Queryable,
  userId: number,
  endpoint: string,
  keys: { p256dh: string; auth: string },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO push_subscriptions AS s (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()
      WHERE s.user_id = EXCLUDED.user_id OR (s.p256dh = EXCLUDED.p256dh AND s.auth = EXCLUDED.auth)
     RETURNING 1`,
    [userId, endpoint, keys.p256dh, keys.auth],
  );
  return rows.length > 0;
}

export async function deleteSubscription(db: Queryable, userId: number, endpoint: string): Promise<void> {
  await db.query(`DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2`, [endpoint, userId]);
}
