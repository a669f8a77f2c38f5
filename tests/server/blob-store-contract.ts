/**
 * What every BlobStore promises (server/files/blob-store.ts), as one set of cases run against each
 * store (blob-stores.test.ts): the disk, PostgreSQL and S3 stores must be interchangeable.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../../server/files/blob-store';

export async function readAll(store: BlobStore, key: string): Promise<Buffer | null> {
  const stream = await store.get(key);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

/** A stream that gives `first` and then fails, as an upload cut off mid-way. */
function brokenStream(first: Buffer): Readable {
  async function* parts(): AsyncGenerator<Buffer> {
    yield first;
    throw new Error('connection lost');
  }
  return Readable.from(parts());
}

export function blobStoreContract(name: string, store: () => BlobStore): void {
  describe(`the ${name} blob store`, () => {
    it('gives back exactly the bytes of a 6 MB file sent as a stream in pieces', async () => {
      // Larger than a PostgreSQL chunk (256 KB) and than an S3 multipart part (5 MB).
      const bytes = randomBytes(6 * 1024 * 1024 + 1234);
      await store().put(
        'test/big.bin',
        Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000, 3_000_000), bytes.subarray(3_000_000)]),
      );
      expect((await readAll(store(), 'test/big.bin'))?.equals(bytes)).toBe(true);
    });

    it('keeps an empty file, replaces a longer value without leaving its tail, and deletes', async () => {
      await store().put('test/empty.txt', new Uint8Array());
      expect(await store().has('test/empty.txt')).toBe(true);
      expect((await readAll(store(), 'test/empty.txt'))?.length).toBe(0);

      await store().put('test/replaced.bin', randomBytes(300 * 1024));
      await store().put('test/replaced.bin', Buffer.from('kort'));
      expect((await readAll(store(), 'test/replaced.bin'))?.toString()).toBe('kort');

      await store().delete('test/replaced.bin');
      expect(await store().has('test/replaced.bin')).toBe(false);
      expect(await store().get('test/replaced.bin')).toBeNull();
      await store().delete('test/replaced.bin');
    });

    it('answers nothing for a key never written, and keeps keys apart', async () => {
      expect(await store().get('uploads/1/never')).toBeNull();
      expect(await store().has('uploads/1/never')).toBe(false);
      await store().put('uploads/1/same-id', Buffer.from('school 1'));
      await store().put('uploads/2/same-id', Buffer.from('school 2'));
      expect((await readAll(store(), 'uploads/1/same-id'))?.toString()).toBe('school 1');
      expect((await readAll(store(), 'uploads/2/same-id'))?.toString()).toBe('school 2');
      expect(await store().has('uploads/1')).toBe(false);
    });

    it('lets two processes write the same key at once (the demo files at start)', async () => {
      const bytes = randomBytes(300 * 1024);
      await Promise.all([store().put('demo/same.pdf', bytes), store().put('demo/same.pdf', bytes)]);
      expect((await readAll(store(), 'demo/same.pdf'))?.equals(bytes)).toBe(true);
    });

    it('keeps the old bytes when an upload stream breaks off: a reader never sees half a file', async () => {
      await store().put('test/kept.bin', Buffer.from('heel'));
      await expect(store().put('test/kept.bin', brokenStream(randomBytes(300 * 1024)))).rejects.toThrow();
      expect((await readAll(store(), 'test/kept.bin'))?.toString()).toBe('heel');
      await expect(store().put('test/never.bin', brokenStream(randomBytes(1000)))).rejects.toThrow();
      expect(await store().has('test/never.bin')).toBe(false);
    });

    it('refuses a key that could leave its place', async () => {
      for (const key of ['../etc/passwd', '/abs', 'a/../b', 'a//b', '']) {
        await expect(store().put(key, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}
