/**
 * Where 'Offline beschikbaar maken' keeps files (portfolio images, exams, documents): Cache Storage
 * `offline-files`, by path /api/files/{id}. The worker answers those paths from here offline (sw/sw.ts).
 */

/** Where prepared files live. */
export const OFFLINE_FILES = 'offline-files';

export interface FileStore {
  /** Size of the stored file, or null when it is not stored. Files never change under their id. */
  size(path: string): Promise<number | null>;
  put(path: string, res: Response): Promise<number>;
}

/** The part of the Cache Storage API the file store uses (src/offline is also compiled for Node). */
export interface CacheStorageLike {
  open(name: string): Promise<{ match(path: string): Promise<Response | undefined>; put(path: string, res: Response): Promise<void> }>;
}

/** The file store on Cache Storage, for the worker and the page alike. */
export function cacheFileStore(storage: CacheStorageLike, cacheName = OFFLINE_FILES): FileStore {
  return {
    async size(path) {
      const res = await (await storage.open(cacheName)).match(path);
      if (!res) return null;
      return Number(res.headers.get('X-Size') ?? 0);
    },
    async put(path, res) {
      const blob = await res.blob();
      const headers = new Headers(res.headers);
      headers.set('X-Size', String(blob.size));
      await (await storage.open(cacheName)).put(path, new Response(blob, { status: 200, headers }));
      return blob.size;
    },
  };
}
