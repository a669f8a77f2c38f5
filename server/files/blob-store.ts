/**
 * Where file bytes live. Rows in `files` hold the metadata and a storage key; the bytes sit behind
 * this interface so a disk store (default) and an S3-compatible store are interchangeable. Keys are
 * ours (random), never a user's file name.
 */
import type { Readable } from 'node:stream';

export interface BlobStore {
  put(key: string, data: Uint8Array | Readable): Promise<void>;
  /** The bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  has(key: string): Promise<boolean>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are slash-separated segments of letters, digits, dots, dashes and underscores. */
export function assertKey(key: string): void {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
