/**
 * The last PDF of each module, level and choice, kept in the Cache Storage API ('module-pdfs') so a
 * teacher can still open it without a network. At most MAX_PDFS are kept; the oldest go first.
 */
const CACHE_NAME = 'module-pdfs';
// A module PDF is a few hundred kB; ten of them stay far below any storage quota on a tablet.
const MAX_PDFS = 10;

export interface StoredPdf {
  blob: Blob;
  name: string;
  storedAt: number;
}

const available = () => typeof caches !== 'undefined';
const requestFor = (key: string) => new Request(new URL(`/module-pdfs/${key}`, location.origin).toString());

export async function storePdf(key: string, blob: Blob, name: string): Promise<void> {
  if (!available()) return;
  try {
    const cache = await caches.open(CACHE_NAME);
    const request = requestFor(key);
    await cache.delete(request);
    await cache.put(
      request,
      new Response(blob, {
        headers: { 'Content-Type': 'application/pdf', 'X-Stored-At': String(Date.now()), 'X-File-Name': encodeURIComponent(name) },
      }),
    );
    const keys = await cache.keys();
    // keys() lists in insertion order; the re-put above moved this one to the end.
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PDFS))) await cache.delete(old);
  } catch {
    // Storage full or not allowed (private mode): the PDF is still offered, just not kept.
  }
}

export async function loadPdf(key: string): Promise<StoredPdf | null> {
  if (!available()) return null;
  try {
    const cache = await caches.open(CACHE_NAME);
    const res = await cache.match(requestFor(key));
    if (!res) return null;
    return {
      blob: await res.blob(),
      name: decodeURIComponent(res.headers.get('X-File-Name') ?? 'module.pdf'),
      storedAt: Number(res.headers.get('X-Stored-At') ?? 0),
    };
  } catch {
    return null;
  }
}
