/**
 * One 5 MB file put (as a buffer and as a stream) and read back in each blob store: disk, PGlite,
 * PostgreSQL (with DATABASE_URL, a database the script may migrate) and S3 (s3rver on a free port).
 * `npx tsx scripts/bench/blob-stores.ts`; figures in docs/deploy.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DiskBlobStore } from '../../server/files/disk-store';
import { PgBlobStore } from '../../server/files/pg-store';
import { S3BlobStore } from '../../server/files/s3-store';
import { openPglite, openPostgres } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { startTestS3 } from '../../tests/helpers/s3-server';
import type { BlobStore } from '../../server/files/blob-store';

const bytes = randomBytes(5 * 1024 * 1024);
async function run(name: string, store: BlobStore) {
  const put: number[] = [],
    get: number[] = [],
    putS: number[] = [];
  for (let i = 0; i < 6; i++) {
    let t = performance.now();
    await store.put(`bench/${i}`, bytes);
    put.push(performance.now() - t);
    t = performance.now();
    await store.put(`bench/s${i}`, Readable.from([bytes.subarray(0, 2e6), bytes.subarray(2e6)]));
    putS.push(performance.now() - t);
    t = performance.now();
    const s = (await store.get(`bench/${i}`))!;
    let n = 0;
    for await (const c of s) n += (c as Buffer).length;
    if (n !== bytes.length) throw new Error('short');
    get.push(performance.now() - t);
  }
  // The first run warms up; the median of the rest.
  const med = (a: number[]) => {
    const rest = a.slice(1).sort((x, y) => x - y);
    return rest[Math.floor(rest.length / 2)]!.toFixed(0);
  };
  console.log(`${name.padEnd(22)} put(buffer) ${med(put)} ms  put(stream) ${med(putS)} ms  get ${med(get)} ms`);
}
const dir = await mkdtemp(join(tmpdir(), 'bench-'));
await run('disk', new DiskBlobStore(dir));
const lite = await openPglite(join(dir, 'pglite'));
await migrate(lite);
await run('PGlite (blob_chunks)', new PgBlobStore(lite));
await lite.close();
if (process.env.DATABASE_URL) {
  const pg = openPostgres(process.env.DATABASE_URL);
  await migrate(pg);
  await run('PostgreSQL 15', new PgBlobStore(pg));
  await pg.close();
}
const s3 = await startTestS3();
await run('S3 (s3rver, local)', await S3BlobStore.open(s3.settings));
await s3.close();
process.exit(0);
