/**
 * Issue 29, findings 3 and 11: an upload streams to a temporary file instead of memory (the peak is
 * measured and printed), a one-file route refuses a second file before reading it, uploads have a
 * per-user rate (429) and a per-school quota (507), and bidi controls leave file names.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, tinyPdf, tinyPng } from '../helpers/catalogue-samples';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const MB = 1024 * 1024;
const QUOTA_FULL = 'De opslagruimte van je school is vol. Verwijder oud lesmateriaal of vraag je beheerder om meer ruimte.';
let t: TestApp;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sec29-uploads-'));
  t = await createTestApp({ dataDir: join(root, 'data'), maxUploadBytes: 20 * MB });
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const BOUNDARY = '----sec29boundary';
/** A multipart body made while it is sent: the test itself never holds the file. */
function streamedBody(files: { name: string; size: number; head: Buffer }[]): Readable {
  const filler = Buffer.alloc(64 * 1024, 0x20);
  return Readable.from(
    (function* () {
      for (const f of files) {
        yield Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        );
        yield f.head;
        for (let left = f.size - f.head.length; left > 0; left -= filler.length)
          yield left >= filler.length ? filler : filler.subarray(0, left);
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${BOUNDARY}--\r\n`);
    })(),
    { objectMode: false },
  );
}

// A collection before each look at the buffers: what is counted is what the server still holds.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Peak RSS growth, and peak of the buffers still alive (sampled after a collection every 250 ms). */
/** Sends over a real connection: TCP's backpressure, as a browser's upload has (inject buffers a stream). */
async function sendOverHttp(path: string, headers: Record<string, string>, body: Readable): Promise<{ statusCode: number; body: string }> {
  const address = server ?? (server = await t.fastify.listen({ host: '127.0.0.1', port: 0 }));
  return new Promise((resolve, reject) => {
    const req = request(`${address}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    body.pipe(req);
  });
}
let server: string | undefined;

async function measured<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; buffers: number }> {
  gc();
  const base = process.memoryUsage();
  let rss = 0;
  let buffers = 0;
  const sampleRss = () => (rss = Math.max(rss, process.memoryUsage().rss - base.rss));
  const sampleLive = () => {
    gc();
    buffers = Math.max(buffers, process.memoryUsage().arrayBuffers - base.arrayBuffers);
  };
  const fast = setInterval(sampleRss, 1);
  const slow = setInterval(sampleLive, 250);
  try {
    const result = await work();
    sampleRss();
    return { result, rss, buffers };
  } finally {
    clearInterval(fast);
    clearInterval(slow);
  }
}

describe('finding 3: uploads are streamed, limited and counted', () => {
  it('a 20 MB upload is stored while the server holds far less than 20 MB of it', async () => {
    const headers = { ...(await t.as(DOCENT)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const size = 20 * MB - 1024;
    // PGlite's WebAssembly memory counts as array buffers and grows in steps it never gives back; one
    // upload first, so a step it takes is not counted as the measured upload's (a flaky 20.6 MB once).
    const warm = await sendOverHttp('/api/documents/add', headers, streamedBody([{ name: 'eerst.pdf', size, head: tinyPdf() }]));
    expect(warm.statusCode, warm.body).toBe(200);
    const { result, rss, buffers } = await measured(() =>
      sendOverHttp('/api/documents/add', headers, streamedBody([{ name: 'groot.pdf', size, head: tinyPdf() }])),
    );
    expect(result.statusCode, result.body).toBe(200);
    console.log(`20 MB upload: peak RSS +${(rss / MB).toFixed(1)} MB, peak live buffers +${(buffers / MB).toFixed(1)} MB`);
    const [row] = await t.db.query<{ size: number }>(`SELECT size FROM files ORDER BY created_at DESC LIMIT 1`);
    expect(row?.size).toBe(size);
    // Whole in memory the live buffers would pass the upload's 20 MB (the chunks, then their copy in
    // one Buffer); they count PGlite's WebAssembly memory too. The RSS is printed, not asserted: the
    // sending client lives in the same process, and its socket buffers and heap move it by megabytes.
    // After the warm-up the peak is near 0 MB; 20 MB held during the request measured 18.8 MB (the
    // check fails). Anything under the upload's own 20 MB means it was not held whole.
    expect(buffers).toBeLessThan(16 * MB);
  }, 120_000);

  it("a student's second image on the one-image route is refused before it is read", async () => {
    const headers = { ...(await t.as(LEERLING)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const { result, buffers } = await measured(() =>
      sendOverHttp(
        '/api/student/portfolioItems/1/image',
        headers,
        streamedBody([
          { name: 'een.png', size: 1024, head: tinyPng() },
          { name: 'twee.png', size: 19 * MB, head: tinyPng() },
        ]),
      ),
    );
    console.log(`second 19 MB image: peak live buffers +${(buffers / MB).toFixed(1)} MB`);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body).error.message).toBe('Stuur één afbeelding tegelijk.');
    // Quiet, the peak is 3-7 MB; under a load of 13 it reached 14 MB (the sender's and the socket's
    // chunks in flight). Anything under the upload's own 20 MB means it was not held whole.
    expect(buffers).toBeLessThan(16 * MB);
  }, 120_000);

  it('a school over its storage quota gets 507 with a Dutch reason, and nothing is stored', async () => {
    const used = (await t.db.query<{ n: string }>(`SELECT coalesce(sum(size), 0)::text AS n FROM files WHERE organisation_id = 1`))[0]!.n;
    t.context.config.schoolStorageQuota = Number(used) + 10;
    try {
      const body = await multipartBody([{ name: 'vol.pdf', bytes: tinyPdf('past niet meer') }]);
      const res = await t.fastify.inject({
        method: 'POST',
        url: '/api/documents/add',
        headers: { ...(await t.as(DOCENT)), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(507);
      expect(res.json().error.message).toBe(QUOTA_FULL);
      expect((await t.db.query(`SELECT 1 FROM files WHERE filename = 'vol.pdf'`)).length).toBe(0);
    } finally {
      t.context.config.schoolStorageQuota = 10 * 1024 ** 3;
    }
  });

  it('uploads have a per-user rate: the 121st in an hour is a 429 with a Dutch reason', async () => {
    const auth = await t.as(DOCENT);
    const user = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [DOCENT]))[0]!.id;
    // The first 119 as if already sent this hour (the counter the route keeps), then two real ones.
    await t.db.query(
      `INSERT INTO rate_limits (key, hits, window_start, window_secs, free_hits, max_delay_secs) VALUES ($1, 119, $2, 3600, 120, 0)
       ON CONFLICT (key) DO UPDATE SET hits = 119, window_start = $2`,
      [`upload:user:${user}`, new Date()],
    );
    const send = async () => {
      const body = await multipartBody([{ name: 'snel.pdf', bytes: tinyPdf() }]);
      return t.fastify.inject({
        method: 'POST',
        url: '/api/documents/add',
        headers: { ...auth, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/bestanden kort na elkaar/);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('finding 11: bidi controls in file names', () => {
  it('U+202A–U+202E and U+2066–U+2069 are stripped from a stored and downloaded name', async () => {
    // Another teacher: the test above used up the docent's uploads for the hour, and this process
    // remembers that (server/auth/attempt-limits.ts) whatever the table is told behind its back.
    const name = 'factuur\u202Efdp.exe\u2066\u2069\u202A\u202B\u202C\u202D\u2067\u2068.pdf';
    const body = await multipartBody([{ name, bytes: tinyPdf() }]);
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/documents/add',
      headers: { ...(await t.as(COLLEGA)), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.query<{ filename: string }>(`SELECT filename FROM files ORDER BY created_at DESC LIMIT 1`);
    expect(row?.filename).toBe('factuurfdp.exe.pdf');
    expect(row?.filename).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});
