/** The blob store the configuration names (FILE_STORE), opened once at start-up. */
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { BlobStore } from './blob-store';
import { DiskBlobStore } from './disk-store';
import { PgBlobStore } from './pg-store';

export async function openBlobStore(config: Pick<ServerConfig, 'fileStore' | 's3' | 'dataDir'>, db: Database): Promise<BlobStore> {
  switch (config.fileStore) {
    case 'postgres':
      return new PgBlobStore(db);
    case 's3': {
      if (!config.s3) throw new Error('FILE_STORE=s3 without S3 settings');
      // Imported here so the AWS SDK is loaded only by installations that use it.
      const { S3BlobStore } = await import('./s3-store');
      return S3BlobStore.open(config.s3);
    }
    case 'disk':
      return new DiskBlobStore(join(config.dataDir, 'files'));
  }
}
