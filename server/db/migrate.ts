import { createHash } from 'node:crypto';
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

/** A file's checksum, line endings made equal so a checkout on Windows does not count as a change. */
export const checksumOf = (sql: string): string => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

/** Thrown when a migration already applied to this database differs from the build's file. */
export class ChangedMigration extends Error {}

export interface MigrateOptions {
  /** Only the files up to and including this one (a test builds an older release's database). */
  upTo?: string;
}

/**
 * Applies migrations/NNN-*.sql in order, each once, each in its own transaction. Processes that
 * start together on one database take turns (LOCKS.startup): the first applies, the rest find none.
 * Refuses (ChangedMigration) when a file applied earlier was edited since: the database would not be
 * what the files say, and the fix is a new migration, never an edited one.
 */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  return db.exclusive(LOCKS.startup, () => applyPending(db, options));
}

async function applyPending(db: Database, { upTo }: MigrateOptions): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());\n' +
      'ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text;',
  );
  const done = new Map(
    (await db.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).map((r) => [
      r.name,
      r.checksum,
    ]),
  );
  const files = (await migrationFiles()).filter((f) => upTo === undefined || f <= upTo);
  const applied: string[] = [];
  for (const file of files) {
    if (!done.has(file)) continue;
    const sum = checksumOf(await readFile(dir + file, 'utf8'));
    const stored = done.get(file);
    // Applied before checksums were kept: this build's file is taken as what was applied.
    if (stored == null) await db.query('UPDATE schema_migrations SET checksum = $1 WHERE name = $2', [sum, file]);
    else if (stored !== sum) {
      throw new ChangedMigration(
        `migration ${file} was changed after it was applied to this database (checksum ${stored.slice(0, 12)}, the file ${sum.slice(0, 12)}): ` +
          'restore the file and put the change in a new migration (docs/deploy.md, "Migrations")',
      );
    }
  }
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(dir + file, 'utf8');
    await db.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (name, checksum) VALUES ('${file}', '${checksumOf(sql)}');\nCOMMIT;`);
    applied.push(file);
  }
  return applied;
}
