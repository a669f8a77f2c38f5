import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';

/** JWT_SECRET from the environment, else one generated at first start and kept in the database. */
export async function loadSecret(db: Queryable, fromEnv: string | undefined): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  await db.query(`INSERT INTO settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`, [
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'jwt_secret'`);
  return new TextEncoder().encode(row?.value ?? '');
}
