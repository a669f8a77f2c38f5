import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { loadConfig } from '../config';
import { openPglite, openPostgres, type Database } from './database';

/** The configured database: PostgreSQL at DATABASE_URL, else the embedded PGlite in DATA_DIR. */
export async function openDatabase(config: ReturnType<typeof loadConfig>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.pgPoolSize);
  await mkdir(config.dataDir, { recursive: true });
  return openPglite(join(config.dataDir, 'pglite'));
}
