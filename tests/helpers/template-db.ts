/**
 * A migrated, seeded database made once per test run and cloned per test file: a fresh PGlite costs
 * seconds, a clone of a dump far less. With DATABASE_URL the same happens in PostgreSQL with
 * CREATE DATABASE … TEMPLATE.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';

export const TEMPLATE_FILE = '.tmp/pglite-template.tar.gz';
export const TEMPLATE_DB = 'docent_test_template';

function adminUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function buildTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await admin(url, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    });
    const db = openPostgres(adminUrl(url, TEMPLATE_DB));
    await migrate(db);
    await seedDemo(db);
    await db.close();
    return;
  }
  const db = await openPglite();
  await migrate(db);
  await seedDemo(db);
  if (!db.dump) throw new Error('PGlite without dump');
  const dump = await db.dump();
  await mkdir('.tmp', { recursive: true });
  await writeFile(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}

/** A private copy of the seeded database for one test file. */
export async function cloneTemplate(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `docent_test_${randomBytes(6).toString('hex')}`;
    await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`));
    const db = openPostgres(adminUrl(url, name));
    const close = db.close;
    return {
      ...db,
      close: async () => {
        await close();
        await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const bytes = await readFile(TEMPLATE_FILE);
  return openPglite({ loadDataDir: new Blob([bytes]) });
}
