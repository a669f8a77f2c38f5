/**
 * The app's files as a tablet downloads them: brotli or gzip when the browser accepts it (the build
 * writes both beside each file), the plain file otherwise; hashed assets cached for good, the shell
 * revalidated and sent with its security headers for every app route.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SHELL = `<!doctype html><html lang="nl"><head><title>Docentenomgeving</title></head><body><div id="root"></div>${'<!-- opvulling -->'.repeat(100)}</body></html>`;
const SCRIPT = `export const tekst = ${JSON.stringify('Activiteiten in de klas '.repeat(200))};\n`;

let t: TestApp;
let staticDir: string;

async function writeWithVariants(path: string, content: string): Promise<void> {
  await writeFile(path, content);
  await writeFile(`${path}.br`, brotliCompressSync(content));
  await writeFile(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'static-files-'));
  await mkdir(join(staticDir, 'assets'));
  await writeWithVariants(join(staticDir, 'index.html'), SHELL);
  await writeWithVariants(join(staticDir, 'assets', 'app-Ab12Cd34.js'), SCRIPT);
  t = await createTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  await rm(staticDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.fastify.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('static files', () => {
  it('sends a script as brotli to a browser that accepts it, a quarter of the bytes or less, cached for good', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, and to the plain file for a client that accepts neither', async () => {
    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
  });

  it('answers every app route with the compressed shell, revalidated, with its security policy', async () => {
    for (const url of ['/', '/login', '/classrooms/students/3']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(SHELL);
    }
  });

  it('keeps answering an unknown API address with a Dutch 404, never the shell', async () => {
    const res = await get('/api/bestaat-niet', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/^Onbekend adres/);
  });
});
