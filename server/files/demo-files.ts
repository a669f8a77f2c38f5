/**
 * The demo's file rows (seed.ts) have storage keys but no bytes. This writes a generated PDF (or,
 * for portfolio photos, PNG) for each one that is missing and corrects files.size. Run at start; downloads also call
 * ensureDemoBlob so a store that was wiped (or a fresh test data dir) still serves the file.
 */
import type { Queryable } from '../db/database';
import { demoFiles } from '../db/seed';
import { renderDemoPdf } from '../pdf/demo-pdf';
import type { BlobStore } from './blob-store';
import { renderDemoPng } from './demo-png';

export async function ensureDemoBlob(db: Queryable, blobs: BlobStore, storageKey: string): Promise<boolean> {
  const demo = demoFiles().find((f) => f.storageKey === storageKey);
  if (!demo) return false;
  if (await blobs.has(storageKey)) return true;
  const bytes = demo.kind === 'image' ? renderDemoPng(demo.picture ?? 0) : await renderDemoPdf(demo.title, demo.kind, demo.exam);
  await blobs.put(storageKey, bytes);
  await db.query(`UPDATE files SET size = $2 WHERE storage_key = $1`, [storageKey, bytes.length]);
  return true;
}

/** Writes every missing demo file whose row exists; returns how many were written. */
export async function ensureDemoFiles(db: Queryable, blobs: BlobStore): Promise<number> {
  const keys = new Set(
    (await db.query<{ storage_key: string }>(`SELECT storage_key FROM files WHERE storage_key LIKE 'demo/%'`)).map((r) => r.storage_key),
  );
  let written = 0;
  for (const f of demoFiles()) {
    if (!keys.has(f.storageKey) || (await blobs.has(f.storageKey))) continue;
    await ensureDemoBlob(db, blobs, f.storageKey);
    written++;
  }
  return written;
}
