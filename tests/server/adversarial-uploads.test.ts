/**
 * Hostile uploads: too big, wrong type, disguised executables, active content (SVG, HTML), path
 * traversal and control characters in names, empty files. Each is refused with a Dutch reason or
 * stored inert: downloaded only as an attachment with a safe name and nosniff, and no byte lands
 * outside DATA_DIR/files.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeachingDocument } from '../../src/api/documents/types';
import { multipartBody, tableCounts, tinyPdf } from '../helpers/catalogue-samples';
import { createTestApp, DOCENT, type TestApp } from '../helpers/test-app';

const LIMIT = 64 * 1024;
let t: TestApp;
let root: string;
let dataDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'adv-uploads-'));
  dataDir = join(root, 'data');
  t = await createTestApp({ dataDir, maxUploadBytes: LIMIT });
  await t.as(DOCENT); // sign in before any row count is taken
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

async function upload(files: { name: string; bytes: Buffer; type?: string }[]) {
  const body = await multipartBody(files);
  return t.fastify.inject({
    method: 'POST',
    url: '/api/documents/add',
    headers: { ...(await t.as(DOCENT)), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await tree(p)));
    else out.push(relative(root, p));
  }
  return out;
}

const MZ = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90), Buffer.from('This program cannot be run in DOS mode.')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

const DUTCH = /bestand|toegestaan|groot|leeg|Kies/i;

describe('refused uploads', () => {
  const cases: [string, { name: string; bytes: Buffer; type?: string }, number][] = [
    ['a file over the limit', { name: 'groot.pdf', bytes: Buffer.concat([tinyPdf(), Buffer.alloc(LIMIT + 1, 0x20)]) }, 413],
    ['an executable', { name: 'setup.exe', bytes: MZ, type: 'application/x-msdownload' }, 415],
    ['an executable renamed to .pdf', { name: 'rooster.pdf', bytes: MZ, type: 'application/pdf' }, 415],
    ['an SVG with script', { name: 'logo.svg', bytes: SVG, type: 'image/svg+xml' }, 415],
    ['an SVG renamed to .png', { name: 'logo.png', bytes: SVG, type: 'image/png' }, 415],
    ['an HTML page with script', { name: 'les.html', bytes: HTML, type: 'text/html' }, 415],
    ['an HTML page renamed to .pdf', { name: 'les.pdf', bytes: HTML, type: 'application/pdf' }, 415],
    ['a file without extension', { name: 'README', bytes: Buffer.from('tekst') }, 415],
    ['a double extension ending in .exe', { name: 'werkblad.pdf.exe', bytes: tinyPdf() }, 415],
    ['zero bytes', { name: 'leeg.pdf', bytes: Buffer.alloc(0) }, 400],
    ['a name that is only dots and an extension', { name: '....pdf', bytes: tinyPdf() }, 415],
    ['a .txt with binary content', { name: 'notities.txt', bytes: Buffer.from([0x00, 0x01, 0x02, 0xff]) }, 415],
  ];

  it.each(cases)('%s → %i with a Dutch reason, no row, no bytes', async (_what, file, status) => {
    const before = await tableCounts(t.db);
    const filesBefore = await tree(root);
    const res = await upload([file]);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toMatch(DUTCH);
    // rate_limits holds the upload counter (issue 29.3), which the first upload creates: not data.
    expect({ ...(await tableCounts(t.db)), rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
    expect(await tree(root)).toEqual(filesBefore);
  });

  it('a good file together with a bad one stores neither', async () => {
    const before = await tableCounts(t.db);
    const res = await upload([
      { name: 'goed.pdf', bytes: tinyPdf() },
      { name: 'slecht.pdf', bytes: MZ },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('stored inert', () => {
  const names: [string, string][] = [
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\x.pdf', 'x.pdf'],
    ['/absolute/path.pdf', 'path.pdf'],
    ['a\u0000b.pdf', 'ab.pdf'],
    // The browser's FormData already percent-encodes CR, LF and quotes in a file name.
    ['regel\r\nSet-Cookie: x=1.pdf', 'regel%0D%0ASet-Cookie x=1.pdf'],
    ['"quoted"; filename=evil.exe.pdf', '%22quoted%22; filename=evil.exe.pdf'],
    ['<script>alert(1)</script>.pdf', 'script.pdf'],
    ['Ünïcödé – les 1 😀.pdf', 'Ünïcödé – les 1 😀.pdf'],
  ];

  it.each(names)('%j is stored as a plain name and downloads as an attachment', async (raw, expected) => {
    const res = await upload([{ name: raw, bytes: tinyPdf(raw) }]);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    const doc = (
      await t.fastify.inject({ method: 'GET', url: `/api/documents/details/${id}`, headers: await t.as(DOCENT) })
    ).json() as TeachingDocument;
    const file = doc.files[0]!;
    expect(file.title).toBe(expected);
    // eslint-disable-next-line no-control-regex -- control characters are what must not be there
    expect(file.title).not.toMatch(/[/\\\u0000-\u001f]/);
    const [row] = await t.db.query<{ storage_key: string }>(`SELECT storage_key FROM files WHERE id = $1`, [file.id]);
    expect(row!.storage_key).toMatch(/^uploads\/1\/[0-9a-f]{32}$/);

    const download = await t.fastify.inject({ method: 'GET', url: file.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+,;=:@-]*$/);
    expect(disposition.match(/filename="([^"]*)"/)![1]).not.toMatch(/[/\\"]/);
    expect(download.rawPayload.equals(tinyPdf(raw))).toBe(true);
  });

  it('a text file full of HTML is stored as text/plain and downloaded as an attachment, never rendered', async () => {
    const res = await upload([{ name: 'les.txt', bytes: HTML, type: 'text/html' }]);
    expect(res.statusCode).toBe(200);
    const doc = (
      await t.fastify.inject({
        method: 'GET',
        url: `/api/documents/details/${(res.json() as { id: number }).id}`,
        headers: await t.as(DOCENT),
      })
    ).json() as TeachingDocument;
    const download = await t.fastify.inject({ method: 'GET', url: doc.files[0]!.url });
    expect(download.headers['content-type']).toMatch(/^text\/plain/);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('a tampered or foreign download link is refused', async () => {
    const [file] = await t.db.query<{ id: string }>(
      `SELECT id FROM files WHERE organisation_id = 1 AND storage_key LIKE 'uploads/%' LIMIT 1`,
    );
    for (const url of [
      `/api/files/${file!.id}?exp=9999999999&sig=abc`,
      `/api/files/${file!.id}?exp=1&sig=abc`,
      `/api/files/..%2F..%2Fetc%2Fpasswd`,
      `/api/files/${file!.id}`,
    ]) {
      const res = await t.fastify.inject({ method: 'GET', url });
      expect([401, 403, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
      expect(res.json().error.message).toBeTruthy();
    }
  });

  it('nothing was written outside DATA_DIR/files', async () => {
    const files = await tree(root);
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((f) => !f.startsWith(join('data', 'files') + '/'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(files.every((f) => /^data\/files\/uploads\/1\/[0-9a-f]{32}$/.test(f))).toBe(true);
  });
});
