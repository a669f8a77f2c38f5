/**
 * A real S3-compatible server for the tests: s3rver (an S3 emulator in Node, files in a temporary
 * directory) on a free port, with one bucket. s3rver checks the access key but not a Signature V4
 * (its source: "Signature version 4 calculation is unimplemented"), so a check of our own goes in
 * front of it: a request signed with the wrong secret, region or service is refused with 403
 * SignatureDoesNotMatch, as AWS and MinIO refuse it.
 */
import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/config';
import { freePort } from './free-port';

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';
const SECRET = 'S3RVER';
const REGION = 'us-east-1';

export interface TestS3 {
  /** Settings that work against this server (bucket, endpoint, credentials). */
  settings: S3Settings;
  /** The same as FILE_STORE=s3 environment variables, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
// RFC 3986: what encodeURIComponent leaves alone, less !'()*.
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Why the request's Signature V4 is wrong for this server's account, or null when it is right. */
export function signatureProblem(req: IncomingMessage): string | null {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'no Signature V4 Authorization header';
  const [, , date, region, service, signedHeaders, signature] = m as unknown as string[];
  if (region !== REGION || service !== 's3') return `scope ${region}/${service}`;
  const [path = '/', query = ''] = (req.url ?? '/').split('?');
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k = '', v = ''] = pair.split('=');
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v))] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders!
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payload = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  const canonical = [req.method, path, canonicalQuery, headers, signedHeaders, payload].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date!), region!), service!), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature ? null : 'signature does not match';
}

export async function startTestS3(bucket = 'docent-files'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: await freePort(),
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  server.middleware.unshift(async (ctx, next) => {
    const problem = signatureProblem(ctx.req);
    if (!problem) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`;
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { endpoint, region: REGION, bucket, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, forcePathStyle: true, prefix: '' },
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
