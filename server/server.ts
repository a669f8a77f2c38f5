/**
 * Starts the product: database (PGlite in DATA_DIR or DATABASE_URL), migrations, demo data, HTTP.
 * One process, not one per core (node:cluster): PGlite is embedded and cannot be shared between
 * processes, the login rate limiters and background jobs live in this process's memory (a second
 * process would double the limits and run every job twice). Two processes on PostgreSQL measured
 * 40 % more CPU per poll on the 2-core bench machine: their extra req/s there most likely came from taking a
 * larger share of cores that other jobs wanted, with the budget already met by one. Scale out
 * with processes on their own cores behind a load balancer instead (docs/performance.md, scale note).
 */
import { mkdir } from 'node:fs/promises';
import { pushSettled } from './push/notify';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/database';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed-if-empty';
import { startBackgroundJobs } from './jobs/background';

async function openDatabase(config: ReturnType<typeof loadConfig>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  await mkdir(config.dataDir, { recursive: true });
  return openPglite(join(config.dataDir, 'pglite'));
}

const config = loadConfig();
const db = await openDatabase(config);
await migrate(db);
if (config.seedDemo) await seedIfEmpty(db);
const { fastify, context } = await buildApp({ db, config, logger: true });
await startBackgroundJobs(context, fastify.log);
await fastify.listen({ host: config.host, port: config.port });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  fastify.log.info({ signal }, 'closing');
  await fastify.close();
  await pushSettled(context);
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
