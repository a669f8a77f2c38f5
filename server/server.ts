/**
 * Starts the product: database (PGlite in DATA_DIR or DATABASE_URL), migrations, demo data, HTTP.
 * One process per machine by default (PGlite is embedded and belongs to one process). On PostgreSQL
 * several processes, on one machine or many, may run behind a load balancer: nothing that must be
 * shared lives in a process (docs/deploy.md). Migrations and the demo seed take turns under an
 * advisory lock, jobs claim each run in the database, files go to PostgreSQL.
 */
// First: the collector's settings before any module allocates (v8-flags.ts says why).
import './v8-flags';
import { pushSettled } from './push/notify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { SHEDDING } from './http/load-shedding';
import { LOCKS } from './db/locks';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { seedIfEmpty } from './db/seed-if-empty';
import { startBackgroundJobs } from './jobs/background';

const config = loadConfig();
const db = await openDatabase(config);
await migrate(db);
if (config.seedDemo) await db.exclusive(LOCKS.startup, () => seedIfEmpty(db));
const { fastify, context, health } = await buildApp({ db, config, logger: true, shedding: SHEDDING });
const stopJobs = await startBackgroundJobs(context, fastify.log);
await fastify.listen({ host: config.host, port: config.port });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  fastify.log.info({ signal }, 'closing');
  health.drain();
  stopJobs();
  setTimeout(() => {
    fastify.log.warn('requests still running after the grace period; exiting');
    process.exit(1);
  }, config.shutdownGraceMs).unref();
  if (config.drainMs > 0) await new Promise((r) => setTimeout(r, config.drainMs));
  // Stops accepting, closes idle keep-alive connections, waits for requests in flight.
  await fastify.close();
  await pushSettled(context);
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
