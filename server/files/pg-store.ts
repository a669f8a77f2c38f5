/**
 * The blob store on PostgreSQL (blob_chunks, migration 011), used when DATABASE_URL is set so that
 * every API process serves every file without a shared disk. Bytes go in 256 KB chunks: an upload
 * is written in one transaction (a reader never sees half a file), a download reads one chunk per
 * query so a large file never sits in memory whole.
 */
import { Readable } from 'node:stream';
import type { Database } from '../db/database';
import { assertKey, type BlobStore } from './blob-store';

export const CHUNK_BYTES = 256 * 1024;

async function* chunksOf(data: Uint8Array | Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  const source = data instanceof Readable ? data : [data];
  for await (const part of source) {
    let buf = Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array);
    while (buf.length > 0) {
      const take = buf.subarray(0, CHUNK_BYTES - size);
      pending.push(take);
      size += take.length;
      buf = buf.subarray(take.length);
      if (size === CHUNK_BYTES) {
        yield Buffer.concat(pending);
        pending = [];
        size = 0;
      }
    }
  }
  if (size > 0) yield Buffer.concat(pending);
}

export class PgBlobStore implements BlobStore {
  constructor(private readonly db: Database) {}

  async put(key: string, data: Uint8Array | Readable): Promise<void> {
    assertKey(key);
    await this.db.transaction(async (tx) => {
      // Upsert, then drop what is left of a longer old value: two processes writing the same key at
      // once (the demo files at start) both succeed, where delete-then-insert would collide.
      let seq = 0;
      for await (const chunk of chunksOf(data)) {
        await tx.query(
          `INSERT INTO blob_chunks (key, seq, data) VALUES ($1, $2, $3) ON CONFLICT (key, seq) DO UPDATE SET data = EXCLUDED.data`,
          [key, seq++, chunk],
        );
      }
      // The empty file is one empty chunk, so has() finds it.
      if (seq === 0)
        await tx.query(
          `INSERT INTO blob_chunks (key, seq, data) VALUES ($1, 0, ''::bytea) ON CONFLICT (key, seq) DO UPDATE SET data = EXCLUDED.data`,
          [key],
        );
      await tx.query(`DELETE FROM blob_chunks WHERE key = $1 AND seq >= $2`, [key, Math.max(seq, 1)]);
    });
  }

  async get(key: string): Promise<Readable | null> {
    if (!(await this.has(key))) return null;
    const db = this.db;
    async function* read(): AsyncGenerator<Buffer> {
      for (let seq = 0; ; seq++) {
        const [row] = await db.query<{ data: Uint8Array }>(`SELECT data FROM blob_chunks WHERE key = $1 AND seq = $2`, [key, seq]);
        if (!row) return;
        if (row.data.length > 0) yield Buffer.from(row.data);
      }
    }
    return Readable.from(read(), { objectMode: false });
  }

  async has(key: string): Promise<boolean> {
    assertKey(key);
    return (await this.db.query(`SELECT 1 FROM blob_chunks WHERE key = $1 AND seq = 0`, [key])).length > 0;
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.db.query(`DELETE FROM blob_chunks WHERE key = $1`, [key]);
  }
}
