/**
 * The three blob stores behind one contract (blob-store-contract.ts): on disk, in PostgreSQL
 * (PGlite here, PostgreSQL with DATABASE_URL) and on a real S3-compatible server (s3rver with a
 * Signature V4 check, tests/helpers/s3-server.ts). Then how FILE_STORE chooses one, and that a
 * wrong S3 setting stops the start with a message naming it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type S3Settings } from '../../server/config';
import type { Database } from '../../server/db/database';
import { DiskBlobStore } from '../../server/files/disk-store';
import { CHUNK_BYTES, PgBlobStore } from '../../server/files/pg-store';
import { S3BlobStore } from '../../server/files/s3-store';
import { startTestS3, type TestS3 } from '../helpers/s3-server';
import { cloneTemplate } from '../helpers/template-db';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';
import { blobStoreContract, readAll } from './blob-store-contract';

let dir: string;
let db: Database;
let s3: TestS3;
let s3Store: S3BlobStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'blobs-'));
  db = await cloneTemplate();
  s3 = await startTestS3();
  s3Store = await S3BlobStore.open(s3.settings);
});
afterAll(async () => {
  await db?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

blobStoreContract('disk', () => new DiskBlobStore(dir));
blobStoreContract('PostgreSQL', () => new PgBlobStore(db));
blobStoreContract('S3', () => s3Store);

describe('the PostgreSQL store in chunks', () => {
  it('keeps a file larger than a chunk as several rows, so a download never holds it whole', async () => {
    await new PgBlobStore(db).put('test/chunked.bin', Buffer.alloc(CHUNK_BYTES * 2 + 1234, 1));
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blob_chunks WHERE key = 'test/chunked.bin'`);
    expect(row?.n).toBe(3);
  });
});

describe('the S3 store', () => {
  it('puts every key under S3_PREFIX, so two installations share a bucket without meeting', async () => {
    const a = await S3BlobStore.open({ ...s3.settings, prefix: 'portal-a/' });
    const b = await S3BlobStore.open({ ...s3.settings, prefix: 'portal-b/' });
    await a.put('uploads/1/file', Buffer.from('van a'));
    expect(await b.has('uploads/1/file')).toBe(false);
    expect((await readAll(s3Store, 'portal-a/uploads/1/file'))?.toString()).toBe('van a');
  });

  it('stores an upload through the app and gives it back on download, and deletes it with its document', async () => {
    let t: TestApp | undefined;
    try {
      t = await createTestApp({ fileStore: 's3', s3: s3.settings });
      const text = Array.from({ length: 40_000 }, (_, i) => `regel ${i}: aantekeningen bij les 1\n`).join('');
      const form = new FormData();
      form.append('token', 'page-s3');
      form.append('file', new Blob([text]), 'notities.txt');
      const body = new Response(form);
      const headers = await t.as(DOCENT);
      const up = await t.fastify.inject({
        method: 'POST',
        url: '/api/documents/add',
        headers: { ...headers, 'content-type': body.headers.get('content-type') ?? '' },
        payload: Buffer.from(await body.arrayBuffer()),
      });
      expect(up.statusCode, up.body).toBe(200);
      const { id } = up.json() as { id: number };
      const [file] = await t.db.query<{ id: string; storage_key: string }>(
        `SELECT f.id, f.storage_key FROM files f JOIN document_files df ON df.file_id = f.id WHERE df.document_id = $1`,
        [id],
      );
      expect(file!.storage_key).toMatch(/^uploads\/1\//);
      expect(await s3Store.has(file!.storage_key)).toBe(true);

      const down = await t.fastify.inject({ method: 'GET', url: `/api/files/${file!.id}`, headers });
      expect(down.statusCode).toBe(200);
      expect(down.body).toBe(text);

      expect((await t.fastify.inject({ method: 'DELETE', url: `/api/documents/delete/${id}`, headers })).statusCode).toBe(200);
      expect(await s3Store.has(file!.storage_key)).toBe(false);
    } finally {
      await t?.close();
    }
  });
});

describe('FILE_STORE chooses the store', () => {
  it('follows DATABASE_URL unless FILE_STORE says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).fileStore).toBe('postgres');
    expect(loadConfig({}).fileStore).toBe('disk');
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', FILE_STORE: 'disk' }).fileStore).toBe('disk');
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow('FILE_STORE=ftp: use disk, postgres or s3');
  });

  it('reads the S3 settings, path-style by default only for a named endpoint', () => {
    const env = { FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(loadConfig(env).s3).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'b',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: false,
      prefix: '',
    });
    expect(loadConfig({ ...env, S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...env, S3_ENDPOINT: 'https://s3.example.nl', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('stops at start-up on a missing or malformed S3 setting, naming it', () => {
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b' })).toThrow('FILE_STORE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    const env = { FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(() => loadConfig({ ...env, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT=minio:9000: use an http:// or https:// address');
    expect(() => loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE=yes: use true or false');
    expect(() => loadConfig({ ...env, S3_PREFIX: 'portal' })).toThrow(/S3_PREFIX=portal/);
  });

  it('does not start the app when the bucket cannot be written: wrong secret, missing bucket, no server', async () => {
    const start = async (settings: S3Settings) => {
      const config = {
        ...loadConfig({}),
        staticDir: undefined,
        jwtSecret: 'test-secret-that-is-long-enough-0123456789',
        fileStore: 's3' as const,
        s3: settings,
      };
      await buildApp({ db, config });
    };
    await expect(start({ ...s3.settings, secretAccessKey: 'wrong' })).rejects.toThrow(
      /SignatureDoesNotMatch.*check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    await expect(start({ ...s3.settings, accessKeyId: 'NOBODY' })).rejects.toThrow(/InvalidAccessKeyId.*check S3_ACCESS_KEY_ID/);
    await expect(start({ ...s3.settings, bucket: 'no-such-bucket' })).rejects.toThrow(
      /bucket "no-such-bucket".*NoSuchBucket.*does S3_BUCKET exist/,
    );
    await expect(start({ ...s3.settings, endpoint: 'http://127.0.0.1:9' })).rejects.toThrow(/is S3_ENDPOINT reachable/);
  });
});
