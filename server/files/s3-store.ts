/**
 * The blob store on an S3-compatible object store (AWS S3, MinIO, Ceph RGW, a cloud's "S3 API"),
 * for installations whose files outgrow PostgreSQL. FILE_STORE=s3 chooses it (config.ts).
 *
 * The AWS SDK is an optional dependency loaded here only when this store is configured, so
 * `npm start` on PGlite never pays for it. Every object PUT in S3 is atomic, so a reader never sees
 * half a file; a stream of unknown length goes up in 5 MB parts (lib-storage's Upload), and a
 * download streams the response body straight through.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { assertKey, type BlobStore } from './blob-store';

type S3Module = typeof import('@aws-sdk/client-s3');
type StorageModule = typeof import('@aws-sdk/lib-storage');

interface S3Error {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown) => (err as S3Error).$metadata?.httpStatusCode;

async function loadSdk(): Promise<[S3Module, StorageModule]> {
  try {
    return await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  } catch {
    throw new Error(
      'FILE_STORE=s3 needs the optional packages @aws-sdk/client-s3 and @aws-sdk/lib-storage: run `npm install` without --omit=optional.',
    );
  }
}

export class S3BlobStore implements BlobStore {
  private constructor(
    private readonly sdk: S3Module,
    private readonly storage: StorageModule,
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  /** Connects and proves the settings by writing and removing a probe object: a wrong key, secret, bucket or endpoint stops the start, not the first upload. */
  static async open(settings: S3Settings): Promise<S3BlobStore> {
    const [sdk, storage] = await loadSdk();
    const client = new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The SDK's default CRC32 trailers (aws-chunked bodies) are not understood by every
      // S3-compatible server; checksums only where an operation demands them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const store = new S3BlobStore(sdk, storage, client, settings.bucket, settings.prefix);
    const probe = `startup-check/${randomBytes(8).toString('hex')}`;
    try {
      await store.put(probe, Buffer.from('ok'));
      await store.delete(probe);
    } catch (err) {
      client.destroy();
      throw new Error(
        `FILE_STORE=s3: cannot write to bucket "${settings.bucket}" at ${settings.endpoint ?? `AWS S3 (${settings.region})`}: ${explain(err)}`,
        { cause: err },
      );
    }
    return store;
  }

  private key(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  async put(key: string, data: Uint8Array | Readable): Promise<void> {
    const Key = this.key(key);
    if (data instanceof Readable) {
      // Unknown length: Upload sends one PUT when the stream ends under a part, else a multipart
      // upload it aborts if the stream fails (so a failed upload leaves no object behind).
      await new this.storage.Upload({ client: this.client, params: { Bucket: this.bucket, Key, Body: data } }).done();
      return;
    }
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.bucket, Key, Body: data, ContentLength: data.byteLength }));
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const res = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      // In Node the body is the HTTP response itself (an IncomingMessage): streamed, never buffered.
      return res.Body instanceof Readable ? res.Body : null;
    } catch (err) {
      if (statusOf(err) === 404) return null;
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there.
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }
}

/** What went wrong at start, in terms of the settings an operator can change. */
function explain(err: unknown): string {
  const e = err as S3Error;
  const status = statusOf(err);
  const what =
    e.name && e.name !== 'Error' ? `${e.name}${e.message && e.message !== e.name ? `: ${e.message}` : ''}` : (e.message ?? String(err));
  if (e.name === 'NoSuchBucket' || status === 404) return `${what} (does S3_BUCKET exist? is S3_FORCE_PATH_STYLE right for this server?)`;
  if (status === 403) return `${what} (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and that the key may write to the bucket)`;
  if (status === 301 || e.name === 'PermanentRedirect' || e.name === 'AuthorizationHeaderMalformed') return `${what} (check S3_REGION)`;
  if (!status) return `${what} (is S3_ENDPOINT reachable?)`;
  return what;
}
