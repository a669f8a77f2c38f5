import type { Database } from './database';
import { seedDemo } from './seed';

/** Seeds the demo school into a database without organisations; returns whether it did. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organisations`);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db);
  return true;
}
