/** The default blob store: one file per key under a root directory (DATA_DIR/files). */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { assertKey, type BlobStore } from './blob-store';

export class DiskBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Uint8Array | Readable): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file.
    const tmp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      if (data instanceof Readable) await pipeline(data, createWriteStream(tmp));
      else await writeFile(tmp, data);
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const p = this.path(key);
    if (!(await this.has(key))) return null;
    return createReadStream(p);
  }

  async has(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
