/** One seeded PGlite data directory per run; every server in the specs starts from a copy of it. */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { resolve } from 'node:path';
import { openPglite } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';

export default async function globalSetup(): Promise<void> {
  // Without the build every page answers 404 and each spec would wait out its timeout to say so.
  if (!existsSync(resolve('dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first.');
  // A fresh clone has no .tmp until the unit tests ran: `npm run test:webkit` alone must work too.
  await mkdir(resolve('.tmp'), { recursive: true });
  const dir = await mkdtemp(resolve('.tmp/e2e-template-'));
  // Workers inherit the environment of the global setup.
  process.env.E2E_TEMPLATE_DIR = dir;
  const db = await openPglite(`${dir}/pglite`);
  await migrate(db);
  await seedDemo(db);
  await db.close();
}
