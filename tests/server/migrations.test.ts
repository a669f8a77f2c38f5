/**
 * Migrations (issue 34.8): the previous release's database, with a school's data in it, migrates to
 * this build and keeps that data; a migration edited after it was applied stops the start.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../server/db/database';
import { ChangedMigration, checksumOf, migrate, migrationFiles, pendingMigrations } from '../../server/db/migrate';

/** The last migration of the release before this one (main at the end of session 8). */
const PREVIOUS_RELEASE = '014-poll-notify-remembered.sql';

let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

/** Built once (a fresh PGlite and its migrations take seconds), then a copy per test. */
let snapshot: Blob;
beforeAll(async () => {
  const built = await buildPreviousRelease();
  snapshot = await built.dump!();
  await built.close();
}, 120_000);

const previousRelease = () => openPglite({ loadDataDir: snapshot });

async function buildPreviousRelease(): Promise<Database> {
  const opened = await openPglite();
  await migrate(opened, { upTo: PREVIOUS_RELEASE });
  // That release kept no checksums.
  await opened.exec(`ALTER TABLE schema_migrations DROP COLUMN checksum`);
  // What a school had then: a school, a teacher, a class, a stored answer to a queued change.
  await opened.exec(`
    INSERT INTO organisations (id, name, city) VALUES (7, 'Het Baken', 'Zwolle');
    INSERT INTO users (id, email, name, role, current_organisation_id) VALUES (70, 'docent@hetbaken.nl', 'Sanne de Vries', 'ADMIN', 7);
    INSERT INTO classrooms (id, organisation_id, name, access_code) VALUES (700, 7, '2B', 'ABC123');
    INSERT INTO idempotency_keys (user_id, key, endpoint, status_code, response) VALUES (70, 'key-0001-abcd', 'classrooms.save', 200, '{"id": 700}');
  `);
  return opened;
}

describe('migrate', () => {
  it("brings the previous release's database to this build and keeps its data", async () => {
    db = await previousRelease();
    const newer = (await migrationFiles()).filter((f) => f > PREVIOUS_RELEASE);
    expect(newer.length).toBeGreaterThan(0);
    expect(await pendingMigrations(db)).toEqual(newer);

    expect(await migrate(db)).toEqual(newer);
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await db.query(`SELECT name FROM classrooms WHERE id = 700`)).toEqual([{ name: '2B' }]);
    expect(await db.query(`SELECT email FROM users WHERE id = 70`)).toEqual([{ email: 'docent@hetbaken.nl' }]);
    // The stored answer survives 016's new key (scoped to a school: 0 for rows from before).
    expect(await db.query(`SELECT organisation_id, response FROM idempotency_keys WHERE key = 'key-0001-abcd'`)).toEqual([
      { organisation_id: 0, response: { id: 700 } },
    ]);
    // Migrating again applies nothing.
    expect(await migrate(db)).toEqual([]);
    // Every file has its checksum now, also those applied before checksums were kept.
    const rows = await db.query<{ name: string; checksum: string | null }>(`SELECT name, checksum FROM schema_migrations ORDER BY name`);
    expect(rows.map((r) => r.name)).toEqual(await migrationFiles());
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum ?? ''))).toBe(true);
  });

  it('refuses to start when a migration was changed after it was applied, and changes nothing', async () => {
    db = await previousRelease();
    await migrate(db);
    await db.query(`UPDATE schema_migrations SET checksum = $1 WHERE name = $2`, [
      checksumOf('-- as it was applied\n'),
      '003-material.sql',
    ]);
    await db.exec(
      `DELETE FROM schema_migrations WHERE name = '020-block-graded-by.sql'; ALTER TABLE portfolio_blocks DROP COLUMN graded_by`,
    );

    const refused = migrate(db);
    await expect(refused).rejects.toBeInstanceOf(ChangedMigration);
    await expect(refused).rejects.toThrow(/003-material\.sql was changed after it was applied/);
    // Nothing newer was applied on top of a database that is not what the files say.
    expect(await pendingMigrations(db)).toEqual(['020-block-graded-by.sql']);
  });

  it('treats a checkout with Windows line endings as the same file', () => {
    expect(checksumOf('CREATE TABLE a (id int);\r\nCREATE TABLE b (id int);\r\n')).toBe(
      checksumOf('CREATE TABLE a (id int);\nCREATE TABLE b (id int);\n'),
    );
  });
});
