import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeachingDocument } from '../../src/api/documents/types';
import { COLLEGA, createTestApp, DOCENT, LEERLING, type TestApp } from '../helpers/test-app';

const OTHER_SCHOOL = 'k.mulder@delinde.nl';
const LIMIT = 1024 * 1024;

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'docs-test-'));
  t = await createTestApp({ dataDir, maxUploadBytes: LIMIT });
  // School 2 has no licences in the demo; these tests are about isolation, so it gets them.
  await t.db.query(`UPDATE organisations SET active = 1 WHERE id = 2`);
  // A teacher of the other school who can sign in.
  await t.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE email = $2`, [
    DOCENT,
    OTHER_SCHOOL,
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const pdf = (text = 'hallo') => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

async function multipart(files: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? '' };
}

const upload = async (url: string, files: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}, who = DOCENT) => {
  const body = await multipart(files, fields);
  return t.fastify.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { ...(await t.as(who)), 'content-type': body.contentType },
    payload: body.payload,
  });
};
const get = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'GET', url: `/api/${url}`, headers: await t.as(who) });
const post = async (url: string, payload: object, who = DOCENT) =>
  t.fastify.inject({ method: 'POST', url: `/api/${url}`, headers: await t.as(who), payload });
const del = async (url: string, who = DOCENT) => t.fastify.inject({ method: 'DELETE', url: `/api/${url}`, headers: await t.as(who) });

describe('documents', () => {
  it('lists the school’s visible documents with owner, canEdit and signed file links', async () => {
    const docs = (await get('documents')).json() as TeachingDocument[];
    expect(docs.length).toBeGreaterThanOrEqual(5);
    expect(docs.some((d) => d.title.includes('niet meer gebruiken'))).toBe(false);
    const own = docs.find((d) => d.title === 'Werkblad verkiezingen groep 2')!;
    expect(own).toMatchObject({ userEmail: DOCENT, canEdit: true, hidden: false });
    expect(own.files.map((f) => f.title)).toEqual(['Werkblad verkiezingen', 'Klassenstemwijzer']);
    expect(own.files[0]!.url).toMatch(/^\/api\/files\/demo-doc-1\?u=\d+&exp=\d+&sig=[\w-]+$/);
    expect(docs.find((d) => d.userEmail === COLLEGA)?.canEdit).toBe(false);
    const other = (await get('documents', OTHER_SCHOOL)).json() as TeachingDocument[];
    expect(other.some((d) => d.id === own.id)).toBe(false);
  });

  it('refuses students', async () => {
    expect((await get('documents', LEERLING)).statusCode).toBe(403);
  });

  it('creates a document from the first upload, joins later uploads with the same page token, then saves a title', async () => {
    const first = await upload('documents/add', [{ name: 'les 1 – planning.pdf', bytes: pdf('een') }], { token: 'page-token-1' });
    expect(first.statusCode).toBe(200);
    const { id } = first.json() as { id: number };
    const second = await upload('documents/add', [{ name: 'notities.txt', bytes: Buffer.from('Aantekeningen bij les 1\n') }], {
      token: 'page-token-1',
    });
    expect(second.json()).toEqual({ id });

    const details = (await get(`documents/details/${id}`)).json() as TeachingDocument;
    expect(details).toMatchObject({ id, title: '', canEdit: true, userEmail: DOCENT });
    expect(details.files.map((f) => f.title)).toEqual(['les 1 – planning.pdf', 'notities.txt']);
    const [row] = await t.db.query<{ storage_key: string; filename: string; mime: string }>(
      `SELECT storage_key, filename, mime FROM files WHERE id = $1`,
      [details.files[0]!.id],
    );
    expect(row!.storage_key).not.toContain('planning');
    expect(row!.mime).toBe('application/pdf');

    const more = await upload(`documents/addFile/${id}`, [
      { name: 'plaatje.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) },
    ]);
    expect(more.statusCode).toBe(200);
    expect((more.json() as TeachingDocument).files).toHaveLength(3);

    const saved = await post('documents/save', { id, title: 'Planning les 1' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id, title: 'Planning les 1', canEdit: true });
    const listed = ((await get('documents', COLLEGA)).json() as TeachingDocument[]).find((d) => d.id === id);
    expect(listed).toMatchObject({ title: 'Planning les 1', canEdit: false, userEmail: DOCENT });
  });

  it('puts parallel uploads of one page into one document', async () => {
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((x) => upload('documents/add', [{ name: `${x}.pdf`, bytes: pdf(x) }], { token: 'parallel-page' })),
    );
    const ids = new Set(answers.map((r) => (r.json() as { id: number }).id));
    expect(ids.size).toBe(1);
    const doc = (await get(`documents/details/${[...ids][0]}`)).json() as TeachingDocument;
    expect(doc.files.map((f) => f.title).sort()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });

  it('refuses an empty title with the form message and a field error', async () => {
    const docs = (await get('documents')).json() as TeachingDocument[];
    const own = docs.find((d) => d.canEdit)!;
    const res = await post('documents/save', { id: own.id, title: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Alle velden zijn verplicht om in te vullen.');
    expect(res.json().error.errors.title).toBeTruthy();
  });

  it('lets only the owner edit, add files or delete (403), and hides other schools (404)', async () => {
    const docs = (await get('documents')).json() as TeachingDocument[];
    const foreign = docs.find((d) => d.userEmail === COLLEGA && d.files.length > 0)!;
    const save = await post('documents/save', { id: foreign.id, title: 'Overgenomen' });
    expect(save.statusCode).toBe(403);
    expect(save.json().error.message).toMatch(/eigen lesmateriaal/);
    expect((await del(`documents/delete/${foreign.id}`)).statusCode).toBe(403);
    expect((await del(`documents/deleteFile/${foreign.files[0]!.id}`)).statusCode).toBe(403);
    expect((await upload(`documents/addFile/${foreign.id}`, [{ name: 'x.pdf', bytes: pdf() }])).statusCode).toBe(403);

    expect((await get(`documents/details/${foreign.id}`, OTHER_SCHOOL)).statusCode).toBe(404);
    expect((await post('documents/save', { id: foreign.id, title: 'x' }, OTHER_SCHOOL)).statusCode).toBe(404);
    expect((await del(`documents/delete/${foreign.id}`, OTHER_SCHOOL)).statusCode).toBe(404);
    expect((await del(`documents/deleteFile/${foreign.files[0]!.id}`, OTHER_SCHOOL)).statusCode).toBe(404);
    expect((await get('documents/details/999999')).statusCode).toBe(404);
  });

  it('deletes a file and then the whole document of the owner, bytes included', async () => {
    const { id } = (
      await upload('documents/add', [
        { name: 'a.pdf', bytes: pdf('a') },
        { name: 'b.pdf', bytes: pdf('b') },
      ])
    ).json() as { id: number };
    const doc = (await get(`documents/details/${id}`)).json() as TeachingDocument;
    expect(doc.files).toHaveLength(2);
    const [key] = await t.db.query<{ storage_key: string }>(`SELECT storage_key FROM files WHERE id = $1`, [doc.files[0]!.id]);
    const gone = await del(`documents/deleteFile/${doc.files[0]!.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBeTruthy();
    expect(await t.fastify.inject({ method: 'GET', url: doc.files[0]!.url })).toHaveProperty('statusCode', 403);
    const folder = await readdir(join(dataDir, 'files', ...key!.storage_key.split('/').slice(0, -1)));
    expect(folder).not.toContain(key!.storage_key.split('/').pop());

    expect((await del(`documents/delete/${id}`)).statusCode).toBe(200);
    expect((await get(`documents/details/${id}`)).statusCode).toBe(404);
    expect(await t.db.query(`SELECT 1 FROM files WHERE id = $1`, [doc.files[1]!.id])).toHaveLength(0);
  });
});

describe('uploads', () => {
  it('refuses a file over the size limit with the reason', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(LIMIT)]);
    const res = await upload('documents/add', [{ name: 'groot.pdf', bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Het bestand is te groot (maximaal 1 MB).');
  });

  it('refuses an executable renamed to .pdf (sniffed) and a disallowed extension', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
    for (const name of ['handleiding.pdf', 'setup.exe', 'tekst.txt', 'werkblad.docx']) {
      const res = await upload('documents/add', [{ name, bytes: exe }]);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error.message).toBe('Dit bestandstype is niet toegestaan.');
    }
    const html = await upload('documents/add', [{ name: 'pagina.html', bytes: Buffer.from('<script>alert(1)</script>') }]);
    expect(html.statusCode).toBe(415);
  });

  it('refuses an empty file and a request without a file', async () => {
    const empty = await upload('documents/add', [{ name: 'leeg.pdf', bytes: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/leeg/);
    const none = await upload('documents/add', [], { token: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toMatch(/Kies een bestand/);
    expect((await post('documents/add', { file: 'x' })).statusCode).toBe(415);
  });

  it('creates nothing for a refused upload', async () => {
    const before = await t.db.query(`SELECT id FROM documents`);
    await upload('documents/add', [{ name: 'x.exe', bytes: Buffer.from('MZ') }]);
    expect(await t.db.query(`SELECT id FROM documents`)).toHaveLength(before.length);
  });
});

describe('GET /api/files/{id}', () => {
  it('serves a signed link without a token with nosniff and the stored type', async () => {
    const name = 'Verslag één – “klas 2b”.pdf';
    const { id } = (await upload('documents/add', [{ name, bytes: pdf('verslag') }])).json() as { id: number };
    const file = ((await get(`documents/details/${id}`)).json() as TeachingDocument).files[0]!;
    const res = await t.fastify.inject({ method: 'GET', url: file.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="[^"]+"; filename\*=UTF-8''/);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(res.rawPayload.toString()).toContain('verslag');
  });

  it('opens PDFs and images in the browser and downloads other types, each with a CSP that runs nothing (issue 28 item 23)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const { id } = (
      await upload('documents/add', [
        { name: 'blad.pdf', bytes: pdf('blad') },
        { name: 'foto.png', bytes: png },
        { name: 'tekst.txt', bytes: Buffer.from('Gewoon tekst\n') },
      ])
    ).json() as { id: number };
    const files = ((await get(`documents/details/${id}`)).json() as TeachingDocument).files;
    const open = async (title: string, extra = '') =>
      t.fastify.inject({ method: 'GET', url: files.find((f) => f.title === title)!.url + extra });

    const shown = { 'blad.pdf': await open('blad.pdf'), 'foto.png': await open('foto.png') };
    for (const res of Object.values(shown)) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^inline;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'none';/);
      expect(res.headers['content-security-policy']).not.toMatch(/script-src|connect-src/);
    }
    // An image is sandboxed; a PDF cannot be, or Chromium blocks its viewer (docs/decisions.md).
    expect(shown['foto.png'].headers['content-security-policy']).toMatch(/; sandbox$/);
    expect(shown['blad.pdf'].headers['content-security-policy']).not.toContain('sandbox');

    const text = await open('tekst.txt');
    expect(text.headers['content-disposition']).toMatch(/^attachment;/);
    expect(text.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(text.headers['x-content-type-options']).toBe('nosniff');
    // ?download=1 downloads even a PDF (the exam page navigates to its link).
    expect((await open('blad.pdf', '&download=1')).headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('serves the demo documents with generated PDF bytes', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/api/files/demo-doc-1', headers: await t.as(COLLEGA) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a tampered or expired signature, no credentials, and another school’s token', async () => {
    const docs = (await get('documents')).json() as TeachingDocument[];
    const url = docs.find((d) => d.files.length > 0)!.files[0]!.url;
    const tampered = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.fastify.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const expired = url.replace(/exp=\d+/, 'exp=1000');
    expect((await t.fastify.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    const id = /files\/([^?]+)/.exec(url)![1]!;
    expect((await t.fastify.inject({ method: 'GET', url: `/api/files/${id}` })).statusCode).toBe(401);
    expect((await t.fastify.inject({ method: 'GET', url: `/api/files/${id}`, headers: await t.as(OTHER_SCHOOL) })).statusCode).toBe(404);
    expect((await t.fastify.inject({ method: 'GET', url: `/api/files/${id}`, headers: await t.as(LEERLING) })).statusCode).toBe(403);
    expect((await t.fastify.inject({ method: 'GET', url: `/api/files/${id}`, headers: await t.as(COLLEGA) })).statusCode).toBe(200);
  });
});
