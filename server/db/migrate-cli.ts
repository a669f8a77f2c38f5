/**
 * `npm run db:migrate`: applies this build's migrations to the configured database (DATABASE_URL, or
 * PGlite in DATA_DIR) and ends, so a deployment can migrate before it starts or rolls its processes.
 * A changed migration ends it with exit code 1 and the reason, as it stops the server.
 */
import { loadConfig } from '../config';
import { migrate, pendingMigrations } from './migrate';
import { openDatabase } from './open';

const db = await openDatabase(loadConfig());
try {
  const applied = await migrate(db);
  console.log(
    applied.length
      ? `applied ${applied.length}: ${applied.join(', ')}`
      : 'nothing to apply: the database holds every migration of this build',
  );
  const left = await pendingMigrations(db);
  if (left.length) throw new Error(`still pending: ${left.join(', ')}`);
} catch (err) {
  console.error(`db:migrate: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
