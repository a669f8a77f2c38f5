/**
 * Two API processes with FILE_STORE=s3 on one S3-compatible server (s3rver, tests/helpers/s3-server.ts):
 * a file uploaded through one process downloads through the other, and its bytes are in the
 * bucket, not in PostgreSQL. The rest of the two-process behaviour is haproxy.multi.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { S3BlobStore } from '../../server/files/s3-store';
import { startTestS3, type TestS3 } from '../helpers/s3-server';
import { adminUrl, startCluster, type Cluster } from './cluster';

test.skip(!adminUrl(), 'needs MULTI_DATABASE_URL or DATABASE_URL (a PostgreSQL server)');

let s3: TestS3;
let c: Cluster;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  s3 = await startTestS3();
  c = await startCluster(s3.env, 's3-');
});
test.afterAll(async () => {
  await c?.close();
  await s3?.close();
});

test('with FILE_STORE=s3, a 5 MB file uploaded through one process downloads through the other from the bucket', async () => {
  const [a, b] = c.apps;
  const signIn = await fetch(`${a.url}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'docent@demoschool.nl',
      password: Buffer.from('Welkom123').toString('base64'),
      encoding: 'base64',
    }).toString(),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  // Text, so the upload check accepts it; random so nothing compresses or dedupes it.
  const text = randomBytes(5 * 1024 * 1024 * 0.75).toString('base64');
  const form = new FormData();
  form.append('token', `s3-${randomUUID()}`);
  form.append('file', new Blob([text], { type: 'text/plain' }), 'opname.txt');
  const up = await fetch(`${a.url}/api/documents/add`, { method: 'POST', headers: auth, body: form });
  expect(up.status, await up.clone().text()).toBe(200);
  const { id } = (await up.json()) as { id: number };

  const [file] = await c.db.query<{ id: string; storage_key: string }>(
    `SELECT f.id, f.storage_key FROM files f JOIN document_files df ON df.file_id = f.id WHERE df.document_id = $1`,
    [id],
  );
  const down = await fetch(`${b.url}/api/files/${file!.id}`, { headers: auth });
  expect(down.status).toBe(200);
  expect(await down.text()).toBe(text);

  const bucket = await S3BlobStore.open(s3.settings);
  expect(await bucket.has(file!.storage_key)).toBe(true);
  const [chunks] = await c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blob_chunks WHERE key = $1`, [file!.storage_key]);
  expect(chunks?.n).toBe(0);
});
