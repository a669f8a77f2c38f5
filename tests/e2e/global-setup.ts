/** One seeded PGlite data directory per run; every server in the specs starts from a copy of it. */
import { rm } from 'node:fs/promises';
import { openPglite } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { E2E_TEMPLATE_DIR } from './server';

export default async function globalSetup(): Promise<void> {
  await rm(E2E_TEMPLATE_DIR, { recursive: true, force: true });
  const db = await openPglite(`${E2E_TEMPLATE_DIR}/pglite`);
  await migrate(db);
  await seedDemo(db);
  await db.close();
}
