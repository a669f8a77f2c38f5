import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database';
import { LOCKS } from './locks';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));

let known: Promise<string[]> | undefined;

/** The migrations this build knows, in order (read once: the health check asks every second). */
export function migrationFiles(): Promise<string[]> {
  known ??= readdir(dir).then((all) => all.filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort());
  return known;
}

/** Migrations of this build not yet applied to db (the health check reports them). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  return (await migrationFiles()).filter((f) => !done.has(f));
}

/**
 * Applies migrations/NNN-*.sql in order, each once, each in its own transaction. Processes that
 * start together on one database take turns (LOCKS.startup): the first applies, the rest find none.
 */
export async function migrate(db: Database): Promise<string[]> {
  return db.exclusive(LOCKS.startup, () => applyPending(db));
}

async function applyPending(db: Database): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const files = await migrationFiles();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(dir + file, 'utf8');
    await db.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
    applied.push(file);
  }
  return applied;
}
